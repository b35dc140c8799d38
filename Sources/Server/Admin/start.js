"use strict";
// Runs after every page-*.js has registered itself.
Admin.start();
