"""tf.function's binding errors and input_signature checks for positional-only, keyword-only and
``**kwargs`` parameters, in TF 2.21's words (printed by TF 2.21: /work/notes/progs/autograph11/p4.py, p5.py)."""
import pytest

import framework as tf


def _one():
    return tf.ones([2])


def test_positional_only_parameters_show_the_slash():
    @tf.function
    def pos(a, /, b, *rest, c, d=4, **kw):
        return a + b + c + d
    assert int(pos(tf.constant(1), 2, 3, c=tf.constant(3))) == 10
    with pytest.raises(TypeError) as raised:
        pos(a=tf.constant(1), b=2, c=3)
    assert str(raised.value) == (
        "Binding inputs to tf.function failed due to `'a' parameter is positional only, but was passed as a "
        "keyword`. Received args: () and kwargs: {'a': <tf.Tensor: shape=(), dtype=int32, numpy=1>, 'b': 2, "
        "'c': 3} for signature: (a, /, b, *rest, c, d=<captured_default_value>, **kw).")


def test_only_positional_only_parameters_end_with_the_slash():
    @tf.function
    def pair(a, b, /):
        return a
    with pytest.raises(TypeError, match=r'for signature: \(a, b, /\)\.$'):
        pair(1)


def test_input_signature_drops_var_keyword():
    def vk(x, **kw):
        return x
    f = tf.function(vk, input_signature=[tf.TensorSpec([2])])
    assert f(_one()).numpy().tolist() == [1.0, 1.0]
    with pytest.raises(TypeError) as raised:
        f(_one(), a=1)
    assert str(raised.value) == (
        "Binding inputs to tf.function failed due to `got an unexpected keyword argument 'a'`. Received args: "
        "(<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 1.], dtype=float32)>,) and kwargs: {'a': 1} "
        "for signature: (x: TensorSpec(shape=(2,), dtype=tf.float32, name=None)).")


def test_keyword_only_without_default_is_refused_before_extra_constraints():
    def kwonly(x, *, k):
        return x
    for specs in ([tf.TensorSpec([2])], [tf.TensorSpec([2]), tf.TensorSpec([2])]):
        with pytest.raises(TypeError) as raised:
            tf.function(kwonly, input_signature=specs)
        assert str(raised.value) == ('Since input_signature is defined, keyword-only parameter `k` must have a '
                                     'default value')


def test_missing_constraint_comes_in_parameter_order():
    def f(x, y, *, k):
        return x
    with pytest.raises(TypeError, match='^input_signature missing type constraint for y$'):
        tf.function(f, input_signature=[tf.TensorSpec([2])])
    def g(x):
        return x
    with pytest.raises(TypeError, match='^input_signature contains 1 extra type constraints.$'):
        tf.function(g, input_signature=[tf.TensorSpec([2])] * 2)
