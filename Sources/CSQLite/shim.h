// The system SQLite (Debian: libsqlite3-dev). Only the core API is used, so any distro build works.
#ifndef DIALRULES_CSQLITE_SHIM_H
#define DIALRULES_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
