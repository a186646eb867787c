"""Imported by the simulator's fork server: numba and the kernel's compiled code load once, there.

Every worker is forked from the fork server and starts with them in memory, instead of each
importing numba and reading the compiled code from the cache (half a second), or compiling it
for itself when the cache is empty. Importing this module plays one round to load them.
"""

from engine.kernel import warm_up

warm_up()
