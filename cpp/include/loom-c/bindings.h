/* Everything bindgen exposes to Rust (see build.rs). */
#include "loom-c/Driver.h"
#include "loom-c/Loom.h"
#include "loom-c/Facts.h"
#include "loom-c/Versioning.h"
