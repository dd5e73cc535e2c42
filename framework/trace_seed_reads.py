"""The Keras seed generators a tf.function's trace draws from.

TensorFlow's trace captures a generator's state variable only where the traced call draws from it: a
model with a Dropout or a GRU holds a 'seed_generator_state', which a training call reads and an
inference call does not (TF 2.21: a tf.function of model(x) lists the model's weights alone under
'Captures:' and in cf.variables). tapeflow's trace runs the Python, so each open trace notes the
states drawn meanwhile (keras/seed_generator.py) and keeps them on its cache entry
(concrete_function_variables leaves the others out).
"""

# one set of state-variable ids per trace running now (nested traces: the outer one sees the inner draws)
OPEN = []     # (a stack: Function._run pushes one per trace and pops it when the trace ends)
