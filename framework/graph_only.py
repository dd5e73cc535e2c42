"""TensorFlow names that exist only for graphs: ``tf.gradients``, ``tf.hessians`` and
``tf.AggregationMethod`` (the ways graph gradients add up).

TensorFlow 2 refuses ``tf.gradients`` outside a graph; tapeflow has no graphs (a
``tf.function`` runs its Python eagerly): it answers from a recording tape where Keras would run a
graph (framework/graph_gradients.py), and elsewhere with TensorFlow's eager-mode RuntimeError,
which points to GradientTape.
"""

from .tf_python_names import tf_named


class AggregationMethod:
    """The ways ``tf.gradients`` may add gradients (constants only: tapes add them one way)."""
    ADD_N = 0
    DEFAULT = ADD_N
    EXPERIMENTAL_TREE = 1
    EXPERIMENTAL_ACCUMULATE_N = 2


@tf_named('gradients_v2')
def gradients(ys, xs, grad_ys=None, name='gradients', gate_gradients=False, aggregation_method=None,
              stop_gradients=None, unconnected_gradients='none'):
    """The gradients of the sum of ``ys`` with respect to each of ``xs`` (a list), where TensorFlow has a graph
    that tapeflow records (framework/graph_gradients.py: a Keras step's functional model, a symbolic call).

    Raises:
        RuntimeError: elsewhere, TensorFlow 2's eager-mode refusal (use tf.GradientTape).
    """
    from . import graph_gradients
    from .eager_graph_names import inside_function
    answer = graph_gradients.gradients(ys, xs, grad_ys, unconnected_gradients, stop_gradients)
    if answer is not None:
        return answer
    error = RuntimeError('tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape instead.')
    if inside_function():
        graph_gradients.refused_in_symbolic_call()
        error.add_note('tapeflow has no graphs: tf.gradients works in a functional model called by fit / evaluate / '
                       'predict and in its layers\' symbolic calls, where tapeflow records the run; elsewhere use '
                       'tf.GradientTape')
    raise error


@tf_named('HessiansV2')
def hessians(ys, xs, gate_gradients=False, aggregation_method=None, name='hessians'):
    """The Hessian of the sum of ``ys`` for each of ``xs``, inside a tf.function (built on ``tf.gradients``).

    Raises:
        RuntimeError: elsewhere, TensorFlow 2's eager-mode refusal of ``tf.gradients`` (use tf.GradientTape).
    """
    from . import graph_gradients
    if graph_gradients.records_everything():
        return graph_gradients.hessians(ys, xs)
    raise RuntimeError('tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape instead.')
