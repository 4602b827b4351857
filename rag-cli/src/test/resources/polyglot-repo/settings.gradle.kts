rootProject.name = "stockroom"
