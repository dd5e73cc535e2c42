"""TensorFlow names that exist only for graphs: ``tf.gradients``, ``tf.hessians`` and
``tf.AggregationMethod`` (the ways graph gradients add up).

TensorFlow 2 refuses ``tf.gradients`` outside a graph; tapeflow has no graphs (a
``tf.function`` runs its Python eagerly), so it always answers with TensorFlow's
eager-mode RuntimeError, which points to GradientTape.
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
    """Raises RuntimeError: as in TensorFlow 2's eager mode, where tapeflow always is."""
    raise RuntimeError('tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape instead.')


@tf_named('HessiansV2')
def hessians(ys, xs, gate_gradients=False, aggregation_method=None, name='hessians'):
    """Raises RuntimeError: built on ``tf.gradients`` in TensorFlow, eager-mode included."""
    gradients(ys, xs)
