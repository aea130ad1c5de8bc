// The plugins' versions, once for every module (gradle/libs.versions.toml has them).
//
// AGP 9 compiles Kotlin itself ("built-in Kotlin"): the app applies no
// org.jetbrains.kotlin.android plugin, which AGP 9 refuses. The Kotlin JVM plugin below
// (for :neutral) puts Kotlin Gradle plugin 2.4 on the build's classpath, and AGP's built-in
// Kotlin then compiles the app with that same Kotlin; the Compose compiler plugin goes
// with it, at the same version.
plugins {
    alias(libs.plugins.android.application) apply false
    alias(libs.plugins.kotlin.jvm) apply false
    alias(libs.plugins.kotlin.compose) apply false
}
