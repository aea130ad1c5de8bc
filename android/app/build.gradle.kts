// Skald's Android app (issue 12): a thin Compose shell over the neutral module (:neutral,
// which holds every line of the app's logic and the generated uniffi bindings) and the
// Rust library, cross-built for Android's four ABIs with cargo-ndk.
//
// Not compiled on the project's own machines (no Android SDK, NDK or Google Maven there):
// see ../README.md for what a developer needs and what is tested where.
import javax.inject.Inject
import org.gradle.process.ExecOperations

plugins {
    alias(libs.plugins.android.application)
    // Kotlin is built into AGP 9 (no org.jetbrains.kotlin.android plugin); Compose needs
    // the Kotlin Compose compiler plugin all the same.
    alias(libs.plugins.kotlin.compose)
}

/** The oldest Android the app runs on; the Rust library is linked for it too. */
val minSdkLevel = 26

/** The NDK cargo-ndk links with: AGP 9's default. Android Studio's SDK Manager installs
 *  it (SDK Tools > NDK (Side by side)), or set ANDROID_NDK_HOME to another NDK (r28 or
 *  later, for 16 KB pages). */
val ndkVersionWanted = "28.2.13676358"

/** gradle.properties: skald.abis and skald.rustProfile. */
val rustAbis: List<String> = (findProperty("skald.abis") as String? ?: "arm64-v8a,armeabi-v7a,x86_64,x86")
    .split(',').map { it.trim() }.filter { it.isNotEmpty() }
val rustProfile: String = findProperty("skald.rustProfile") as String? ?: "app"

android {
    namespace = "org.skald.app"
    compileSdk = 37
    ndkVersion = ndkVersionWanted

    defaultConfig {
        applicationId = "org.skald.app"
        minSdk = minSdkLevel
        targetSdk = 37
        versionCode = 1
        versionName = "0.1.0"
        // Only the ABIs the Rust library is built for: JNA's aar carries more, and a
        // device that picked one of those would find no libskald_ffi.so.
        ndk {
            abiFilters += rustAbis
        }
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            isShrinkResources = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    buildFeatures {
        compose = true
    }
}

/** Rust's name for each Android ABI (what `rustup target add` wants). */
val rustTriples = mapOf(
    "arm64-v8a" to "aarch64-linux-android",
    "armeabi-v7a" to "armv7-linux-androideabi",
    "x86_64" to "x86_64-linux-android",
    "x86" to "i686-linux-android",
)

/** cargo: on the PATH, or where rustup puts it (Android Studio started from a desktop
 *  launcher often lacks ~/.cargo/bin on its PATH). */
val cargoPath: String = File(System.getProperty("user.home"), ".cargo/bin/cargo")
    .let { if (it.canExecute()) it.absolutePath else "cargo" }

/**
 * Builds libskald_ffi.so for each ABI with cargo-ndk, into a jniLibs layout
 * (`<out>/arm64-v8a/libskald_ffi.so`, ...):
 *
 *     cargo ndk -t arm64-v8a -t armeabi-v7a -t x86_64 -t x86 --platform 26 -o <out> \
 *         build --profile app -p skald-ffi
 *
 * The output folder is the variant's generated jniLibs source (see androidComponents
 * below), so merge<Variant>JniLibFolders, and with it every build of the app, depends on
 * this task. Runs on every build and lets cargo decide what is stale. Fails with what to
 * install when cargo, cargo-ndk, a Rust target or the NDK is missing.
 */
abstract class CargoNdk : DefaultTask() {
    @get:Inject abstract val exec: ExecOperations

    @get:Internal abstract val workspace: DirectoryProperty

    @get:Input abstract val cargoCommand: Property<String>

    @get:Input abstract val abis: ListProperty<String>

    /** Rust target triple of each ABI. */
    @get:Input abstract val triples: MapProperty<String, String>

    @get:Input abstract val profile: Property<String>

    @get:Input abstract val apiLevel: Property<Int>

    @get:Input abstract val ndkVersion: Property<String>

    /** The Android SDK, where Android Studio installs NDKs (`<sdk>/ndk/<version>`). */
    @get:Internal abstract val sdkDirectory: DirectoryProperty

    @get:OutputDirectory abstract val outputDir: DirectoryProperty

    @TaskAction
    fun build() {
        val cargo = cargoCommand.get()
        val abiList = abis.get()
        require(abiList.isNotEmpty()) { "skald.abis names no ABI" }
        val unknown = abiList.filter { it !in triples.get() }
        if (unknown.isNotEmpty()) {
            throw GradleException("skald.abis: unknown ABI ${unknown.joinToString()}; known: ${triples.get().keys.joinToString()}")
        }

        if (run(cargo, "ndk", "--version") != 0) {
            throw GradleException(
                "cargo-ndk is missing, which builds the Rust library for Android. Install it with\n" +
                    "    cargo install cargo-ndk\n" +
                    "and the Rust targets with\n" +
                    "    rustup target add ${abiList.joinToString(" ") { triples.get().getValue(it) }}",
            )
        }
        checkRustTargets(abiList.map { triples.get().getValue(it) })
        val ndk = ndkHome()

        val out = outputDir.get().asFile
        // Afresh, so that an ABI dropped from skald.abis leaves nothing behind.
        out.deleteRecursively()
        out.mkdirs()
        val args = mutableListOf(cargo, "ndk")
        abiList.forEach { args += listOf("-t", it) }
        args += listOf("--platform", apiLevel.get().toString(), "-o", out.absolutePath)
        args += listOf("build", "--profile", profile.get(), "-p", "skald-ffi")
        val status = exec.exec {
            workingDir = workspace.get().asFile
            environment("ANDROID_NDK_HOME", ndk.absolutePath)
            commandLine(args)
            isIgnoreExitValue = true
        }.exitValue
        if (status != 0) {
            throw GradleException("`${args.joinToString(" ")}` failed (exit $status); cargo's messages are above.")
        }
    }

    /** The NDK: $ANDROID_NDK_HOME when set, else the version wanted inside the SDK. */
    private fun ndkHome(): File {
        System.getenv("ANDROID_NDK_HOME")?.takeIf { it.isNotBlank() }?.let { home ->
            val dir = File(home)
            if (!dir.isDirectory) throw GradleException("ANDROID_NDK_HOME is $home, which is not a folder")
            return dir
        }
        val sdk = sdkDirectory.orNull?.asFile
            ?: throw GradleException("No Android SDK found: set sdk.dir in android/local.properties or ANDROID_HOME")
        val dir = sdk.resolve("ndk").resolve(ndkVersion.get())
        if (!dir.isDirectory) {
            throw GradleException(
                "The Android NDK ${ndkVersion.get()} is not installed (no $dir). Install it in Android Studio: " +
                    "Tools > SDK Manager > SDK Tools > NDK (Side by side), or with\n" +
                    "    sdkmanager \"ndk;${ndkVersion.get()}\"\n" +
                    "or set ANDROID_NDK_HOME to another NDK (r28 or later).",
            )
        }
        return dir
    }

    /** With rustup, says which Android targets are missing before cargo fails on them. */
    private fun checkRustTargets(wanted: List<String>) {
        val listing = java.io.ByteArrayOutputStream()
        val status = try {
            exec.exec {
                commandLine("rustup", "target", "list", "--installed")
                standardOutput = listing
                errorOutput = java.io.ByteArrayOutputStream()
                isIgnoreExitValue = true
            }.exitValue
        } catch (e: Exception) {
            return // no rustup on the PATH: cargo will say what is missing
        }
        if (status != 0) return
        val installed = listing.toString().lines().map { it.trim() }.toSet()
        val missing = wanted.filter { it !in installed }
        if (missing.isNotEmpty()) {
            throw GradleException(
                "Rust cannot build for ${missing.joinToString()} yet. Add the targets with\n" +
                    "    rustup target add ${missing.joinToString(" ")}",
            )
        }
    }

    /** A command's exit status; -1 when it cannot be started (cargo not on the PATH). */
    private fun run(vararg command: String): Int = try {
        exec.exec {
            commandLine(*command)
            standardOutput = java.io.ByteArrayOutputStream()
            errorOutput = java.io.ByteArrayOutputStream()
            isIgnoreExitValue = true
        }.exitValue
    } catch (e: Exception) {
        if (command.first() == cargoCommand.get()) {
            throw GradleException(
                "cargo is not on the PATH (nor in ~/.cargo/bin). Install Rust with rustup, then cargo-ndk " +
                    "(android/README.md).",
                e,
            )
        }
        -1
    }
}

androidComponents {
    onVariants { variant ->
        val variantName = variant.name.replaceFirstChar { it.uppercase() }
        val cargoNdk = tasks.register<CargoNdk>("cargoNdk$variantName") {
            group = "rust"
            description = "Builds libskald_ffi.so for ${rustAbis.joinToString()} with cargo-ndk (profile $rustProfile)"
            workspace.set(rootDir.parentFile)
            cargoCommand.set(cargoPath)
            abis.set(rustAbis)
            triples.set(rustTriples)
            profile.set(rustProfile)
            apiLevel.set(minSdkLevel)
            ndkVersion.set(ndkVersionWanted)
            sdkDirectory.set(sdkComponents.sdkDirectory)
            outputs.upToDateWhen { false }
        }
        // Sets the task's outputDir to a folder of the variant's own and makes the
        // variant's jniLibs merge (merge<Variant>JniLibFolders) depend on the task.
        variant.sources.jniLibs?.addGeneratedSourceDirectory(cargoNdk, CargoNdk::outputDir)
    }
}

dependencies {
    // The view-models, the painter and the generated bindings (package uniffi.skald_ffi).
    implementation(project(":neutral"))
    // The bindings' JNA as Android's aar, which carries libjnidispatch.so for each ABI
    // (the jar has none: the app would fail at its first call into Rust).
    implementation(variantOf(libs.jna) { artifactType("aar") })
    implementation(libs.kotlinx.coroutines.android)

    implementation(libs.androidx.activity.compose)
    implementation(libs.androidx.lifecycle.viewmodel)
    implementation(platform(libs.compose.bom))
    implementation(libs.compose.ui)
    implementation(libs.compose.foundation)
    implementation(libs.compose.material3)
}
