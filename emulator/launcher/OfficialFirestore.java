import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * Lets firebase-tools start Google's Firestore emulator as installed by the Cloud SDK's Debian
 * package, which it cannot start itself: that jar has no Main-Class, and its version (1.19.x)
 * rejects the `--database-edition` flag firebase-tools 15 passes. Loads the jar named by the
 * CLOUD_FIRESTORE_EMULATOR_JAR environment variable in this JVM (no second process to stop)
 * and runs its main class with every other argument unchanged.
 */
public final class OfficialFirestore {
  private static final String MAIN = "com.google.cloud.datastore.emulator.firestore.CloudFirestore";

  private OfficialFirestore() {}

  public static void main(String[] args) throws Exception {
    String jar = System.getenv("CLOUD_FIRESTORE_EMULATOR_JAR");
    if (jar == null || jar.isEmpty() || !new File(jar).isFile()) {
      System.err.println("official-firestore: CLOUD_FIRESTORE_EMULATOR_JAR must name the Cloud SDK's cloud-firestore-emulator.jar (got " + jar + ").");
      System.exit(1);
    }
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--database-edition")) {
        i++; // and its value
      } else if (!args[i].startsWith("--database-edition=")) {
        kept.add(args[i]);
      }
    }
    URLClassLoader loader =
        new URLClassLoader(new URL[] {new File(jar).toURI().toURL()}, ClassLoader.getPlatformClassLoader());
    Thread.currentThread().setContextClassLoader(loader);
    Method main = loader.loadClass(MAIN).getMethod("main", String[].class);
    main.invoke(null, (Object) kept.toArray(new String[0]));
  }
}
