plugins {
    kotlin("jvm") version "2.0.21"
    application
}

description = "Reorder planning for the stockroom"

dependencies {
    implementation("com.squareup.okio:okio:3.9.0")
    implementation("org.jetbrains.kotlinx:kotlinx-serialization-json:1.7.3")
    testImplementation(kotlin("test"))
}

application {
    mainClass.set("stockroom.MainKt")
}
