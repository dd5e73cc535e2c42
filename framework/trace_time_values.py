"""Python values a traced function computes while TensorFlow traces it, drawn as often as there.

``tf.keras.backend.random_normal`` without a seed takes its op seed from
``np.random.randint(10e6)``: Python, run when TensorFlow traces the step, never when it
replays the graph. TensorFlow runs that Python once per trace: again for the second trace of a
first call that made variables (function_init.py) and for Keras's build run of a subclassed
model, and the graph it executes (the first call's included) is the last trace's. tapeflow runs
the Python on every call, so a value drawn here is drawn as often as TensorFlow draws it and the
last draw serves; the calls that replay the trace (its ``GraphRandomState``) reuse that value and
draw nothing. Eagerly every call draws, as in TensorFlow.
"""
from . import function_init, graph_random_ops


def trace_time_value(draw):
    """``draw()`` as a traced step's Python computes it on TensorFlow (see the module's text)."""
    state = graph_random_ops.current()
    key = None
    if state is not None:
        key = state.position        # the random op made next: each op of a trace keeps its own value
        kept = state.trace_values
        if key in kept:
            return kept[key]
    value = draw()
    if not function_init._ONCE[0]:      # (a layer's build runs in the first trace only)
        for context in function_init.OPEN:
            if context.repeats():
                value = draw()
            elif state is not None:     # variables made later decide it: the second trace draws then
                context.on_retrace.append(lambda: state.trace_values.__setitem__(key, draw()))
    if state is not None:
        state.trace_values[key] = value
    return value
