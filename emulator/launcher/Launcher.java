import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Lets firebase-tools start a Node program as if it were a Java emulator ("java -jar x.jar args").
 * Runs `node <x>.js <args...>` where x.js sits next to this jar, with inherited stdio; stops the
 * child when this process is stopped or its own parent dies; exits with the child's exit code.
 * Node is taken from the NODE environment variable, else from PATH.
 */
public final class Launcher {
  private Launcher() {}

  public static void main(String[] args) throws Exception {
    Path jar = Paths.get(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    String base = jar.getFileName().toString().replaceFirst("\\.jar$", "");
    Path script = jar.resolveSibling(base + ".js");
    if (!script.toFile().isFile()) {
      System.err.println("launcher: " + script + " not found; run `npm run build -w emulator`.");
      System.exit(1);
    }
    String node = System.getenv("NODE");
    if (node == null || node.isEmpty()) node = "node";

    List<String> command = new ArrayList<>();
    command.add(node);
    command.add(script.toString());
    for (String arg : args) command.add(arg);

    final Process child;
    try {
      child = new ProcessBuilder(command).inheritIO().directory(new File(".")).start();
    } catch (java.io.IOException e) {
      System.err.println("launcher: cannot start " + node + " (set NODE or put node on PATH): " + e.getMessage());
      System.exit(1);
      return;
    }

    Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(child)));
    ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> System.exit(143)));
    System.exit(child.waitFor());
  }

  private static void stop(Process child) {
    if (!child.isAlive()) return;
    child.destroy();
    try {
      if (!child.waitFor(5, TimeUnit.SECONDS)) child.destroyForcibly();
    } catch (InterruptedException e) {
      child.destroyForcibly();
    }
  }
}
