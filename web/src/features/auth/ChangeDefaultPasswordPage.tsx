import { Button } from '../../components/Button';
import { thrownText, toast } from '../../components/toast-store';
import { AuthLayout } from './AuthLayout';
import { PasswordChangeForm } from '../../session/PasswordChangeForm';
import { useAuth } from '../../session/store';

/** Shown instead of every screen while users/{uid}.isUsingDefaultPassword is true. */
export default function ChangeDefaultPasswordPage() {
  const signOut = useAuth((s) => s.signOut);
  async function cleared() {
    const { callFunction } = await import('../../lib/functions');
    try {
      await callFunction('clearDefaultPassword', {});
    } catch (error) {
      // The password itself has changed by now; say so, or the next try uses the wrong one.
      const reason = thrownText(error);
      throw new Error(
        `Your new password is set, but it could not be recorded (${reason}). Sign out, sign in with the new password and try again.`,
      );
    }
    toast.success('Password changed', 'Your new password is now in use.');
  }
  return (
    <AuthLayout title="Choose a new password">
      <p className="mb-4 text-sm text-slate-700">
        Your account still uses the default password it was created with. Choose your own password
        to continue.
      </p>
      <PasswordChangeForm onChanged={cleared} submitLabel="Save new password" />
      <Button variant="ghost" className="mt-4" onClick={() => void signOut()}>
        Sign out
      </Button>
    </AuthLayout>
  );
}
