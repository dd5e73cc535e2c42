"""tf.function's binding errors write the signature as Python does: a bare '*' before keyword-only
parameters when there is no *args (TF 2.21: 'for signature: (x, *, scale=<captured_default_value>).';
tapeflow left the '*' out). Values: TF 2.21 (notes progs/tutorials31/q8.py)."""
import pytest

import framework as tf


def test_keyword_only_defaults_and_required():
    @tf.function
    def kw(x, *, scale=2):
        return x * scale

    @tf.function
    def kw3(x, *, scale):
        return x * scale
    with pytest.raises(TypeError) as caught:
        kw(tf.constant(3), 4)
    assert str(caught.value) == (
        'Binding inputs to tf.function failed due to `too many positional arguments`. Received args: '
        '(<tf.Tensor: shape=(), dtype=int32, numpy=3>, 4) and kwargs: {} for signature: '
        '(x, *, scale=<captured_default_value>).')
    with pytest.raises(TypeError) as caught:
        kw3(tf.constant(3))
    assert str(caught.value).endswith("for signature: (x, *, scale).")


def test_a_concrete_function_shows_the_star_between_its_traced_types():
    @tf.function
    def kw3(x, *, scale):
        return x * scale
    kw3(tf.constant(1), scale=2)
    with pytest.raises(TypeError) as caught:
        kw3.get_concrete_function(tf.constant(1), scale=2)(tf.constant(1), 2)
    assert str(caught.value) == (
        'Binding inputs to tf.function failed due to `too many positional arguments`. Received args: '
        '(<tf.Tensor: shape=(), dtype=int32, numpy=1>, 2) and kwargs: {} for signature: '
        '(x: TensorSpec(shape=(), dtype=tf.int32, name=None), *, scale: Literal[2]) -> '
        'TensorSpec(shape=(), dtype=tf.int32, name=None).\n'
        'Fallback to flat signature also failed due to: kw3(x) takes 1 positional arguments, got 2.')


def test_varargs_keep_their_own_star():
    @tf.function
    def va(x, *args, scale=2):
        return x * scale
    with pytest.raises(TypeError) as caught:
        va(tf.constant(1), bad=1)
    assert '(x, *args, scale=<captured_default_value>)' in str(caught.value)
