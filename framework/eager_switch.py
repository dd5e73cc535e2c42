"""``tf.config.run_functions_eagerly``'s switch, in a module of its own: framework.config reads it on every
fit / predict batch, and importing it from function.py there cost an import statement each time."""

RUN_EAGERLY = [False]        # True: every tf.function call runs its Python as a plain call
