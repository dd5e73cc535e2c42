"""In a tf.function's trace, user code holds a SymbolicTensor without a ``numpy`` attribute: ``hasattr(x, 'numpy')``
is False there (TF 2.21; autograph10's p12.py), so ``x.numpy() if hasattr(x, 'numpy') else x`` returns x."""
import framework as tf


def test_hasattr_numpy_is_false_for_a_traced_tensor_only():
    seen = []

    @tf.function
    def f(x):
        seen.append(hasattr(x, 'numpy'))
        return x.numpy() if hasattr(x, 'numpy') else x
    assert float(f(tf.constant(2.0))) == 2.0
    assert seen[0] is False
    assert hasattr(tf.constant(1.0), 'numpy') and tf.constant(3.0).numpy() == 3.0
    v = tf.Variable(1.0)
    assert hasattr(v, 'numpy') and v.numpy() == 1.0
