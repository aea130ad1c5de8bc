// The apps' platform-neutral Kotlin (issue 12) as a plain Kotlin/JVM library: the
// view-models, the scene painter over BoardCanvas, and the uniffi bindings generated from
// the Rust library. No Android here: the app (:app) and the desktop window use it alike.
//
// android/jvm-test.sh compiles these same sources with kotlinc, without Gradle; this file
// changes nothing for it. `gradle :neutral:test` runs the same tests through Gradle.
import javax.inject.Inject
import org.gradle.process.ExecOperations
import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    alias(libs.plugins.kotlin.jvm)
}

java {
    sourceCompatibility = JavaVersion.VERSION_17
    targetCompatibility = JavaVersion.VERSION_17
}

kotlin {
    compilerOptions {
        jvmTarget.set(JvmTarget.JVM_17)
    }
}

/** The Cargo workspace: android/neutral -> android -> the repository. */
val workspaceDir: File = rootDir.parentFile

/** Where cargo builds: $CARGO_TARGET_DIR (relative to the workspace) or target/. */
val cargoTarget: File = System.getenv("CARGO_TARGET_DIR")?.takeIf { it.isNotBlank() }
    ?.let { File(it).let { dir -> if (dir.isAbsolute) dir else workspaceDir.resolve(it) } }
    ?: workspaceDir.resolve("target")

/** The library built for this machine, which the bindings are generated from and the tests load. */
val hostLibraryFile: File = cargoTarget.resolve("debug").resolve(
    System.getProperty("os.name").let { os ->
        when {
            os.startsWith("Windows") -> "skald_ffi.dll"
            os.startsWith("Mac") -> "libskald_ffi.dylib"
            else -> "libskald_ffi.so"
        }
    },
)

/** cargo: on the PATH, or where rustup puts it (an IDE started from a desktop launcher may
 *  not have ~/.cargo/bin on its PATH). */
val cargoPath: String = File(System.getProperty("user.home"), ".cargo/bin/cargo")
    .let { if (it.canExecute()) it.absolutePath else "cargo" }

/**
 * Generates the Kotlin bindings (package uniffi.skald_ffi) from the host build of
 * skald-ffi, in library mode, with the workspace's own uniffi-bindgen (pinned to the
 * library's uniffi version): `cargo build -p skald-ffi`, then
 * `cargo run -p uniffi-bindgen -- generate --library <host lib> --language kotlin`.
 * The host library is unstripped (the shipped `app` profile strips the metadata
 * uniffi reads). The same Kotlin runs on the JVM and on Android.
 *
 * Runs on every build and lets cargo decide what is stale; the Kotlin compile after it
 * stays up to date when the generated file did not change.
 */
abstract class UniffiBindings : DefaultTask() {
    @get:Inject abstract val exec: ExecOperations

    @get:Internal abstract val workspace: DirectoryProperty

    @get:Input abstract val cargoCommand: Property<String>

    @get:Internal abstract val hostLibrary: RegularFileProperty

    @get:OutputDirectory abstract val outputDir: DirectoryProperty

    @TaskAction
    fun generate() {
        val out = outputDir.get().asFile
        out.deleteRecursively()
        out.mkdirs()
        cargo("build", "-p", "skald-ffi")
        cargo(
            "run", "-q", "-p", "uniffi-bindgen", "--",
            "generate", "--no-format",
            "--library", hostLibrary.get().asFile.absolutePath,
            "--language", "kotlin",
            "--out-dir", out.absolutePath,
        )
    }

    private fun cargo(vararg args: String) {
        try {
            exec.exec {
                workingDir = workspace.get().asFile
                commandLine(listOf(cargoCommand.get()) + args)
            }
        } catch (e: Exception) {
            throw GradleException(
                "`cargo ${args.joinToString(" ")}` failed in ${workspace.get().asFile}. " +
                    "The bindings need Rust (rustup, stable) and cargo on the PATH; see android/README.md.",
                e,
            )
        }
    }
}

val uniffiBindings = tasks.register<UniffiBindings>("uniffiBindings") {
    group = "rust"
    description = "Generates the uniffi Kotlin bindings from the host build of skald-ffi"
    workspace.set(workspaceDir)
    cargoCommand.set(cargoPath)
    hostLibrary.set(hostLibraryFile)
    outputDir.set(layout.buildDirectory.dir("generated/uniffi"))
    outputs.upToDateWhen { false }
}

kotlin {
    sourceSets.named("main") {
        kotlin.srcDir(uniffiBindings.flatMap { it.outputDir })
    }
}

dependencies {
    // Its API hands out StateFlows and takes a CoroutineScope.
    api(libs.kotlinx.coroutines.core)
    // The generated bindings call the library through JNA, but each platform brings its
    // own JNA: the desktop the jar, Android the aar (with libjnidispatch.so), and both on
    // one classpath would clash. So JNA is only compiled against here.
    compileOnly(libs.jna)

    testImplementation(libs.jna)
    testImplementation(kotlin("test"))
    testRuntimeOnly(libs.junit.platform.launcher)
}

tasks.test {
    useJUnitPlatform()
    // The tests call the host library, as android/jvm-test.sh does.
    systemProperty("jna.library.path", hostLibraryFile.parentFile.absolutePath)
}
