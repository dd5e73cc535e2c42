"""tf.while_loop inside a tf.function returns its loop_vars' structure (TF's while_v2 packs the outputs as
loop_vars), whatever containers the body returned: [i, x] in, a list out, where tapeflow returned the body's
tuple. Eager loops keep returning the body's last result, as TF's eager while_loop does. Printed by TF 2.21
(progs/gradfuzz7/t_while3.py: 24 cases per mode; the function ones all equal now but a dict loop var)."""
import framework as tf


def _kinds(v):
    if isinstance(v, (list, tuple)):
        return type(v).__name__ + '(' + ', '.join(_kinds(e) for e in v) + ')'
    return str(v.numpy().tolist())


X = tf.constant([1.0, 2.0])
I0 = tf.constant(0)


def test_traced_loop_returns_the_loop_vars_structure():
    body = lambda i, a: (i + 1, a * 0.5)     # noqa: E731
    assert _kinds(tf.function(lambda: tf.while_loop(lambda i, a: i < 3, body, [I0, X]))()) == 'list(3, [0.125, 0.25])'
    assert _kinds(tf.function(lambda: tf.while_loop(lambda i, a: i < 3, body, [I0, X], maximum_iterations=2))()) == \
        'list(2, [0.25, 0.5])'
    assert _kinds(tf.function(lambda: tf.while_loop(lambda i, a: i < 3, body, (I0, X)))()) == 'tuple(3, [0.125, 0.25])'
    nested = tf.function(lambda: tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, (a[0] * 0.5, a[1])),
                                               [I0, [X, X]]))()
    assert _kinds(nested) == 'list(3, list([0.125, 0.25], [1.0, 2.0]))'
    assert _kinds(tf.function(lambda: tf.while_loop(lambda i: i < 10, lambda i: (i + 1,), [I0]))()) == 'list(10)'


def test_eager_loop_returns_the_body_result():
    body = lambda i, a: (i + 1, a * 0.5)     # noqa: E731
    assert _kinds(tf.while_loop(lambda i, a: i < 3, body, [I0, X])) == 'tuple(3, [0.125, 0.25])'
    assert _kinds(tf.while_loop(lambda i, a: i < 0, body, [I0, X])) == 'list(0, [1.0, 2.0])'
