"""Arguments that do not fit a layer's call signature raise inspect's TypeError unworded, as Keras 3's
__call__ binds them (its CallSpec) before calling: TF 2.21's texts from
/work/notes/progs/msgtext7/mha_missing.py. A TypeError from inside call() is still worded as a call error."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
X = np.ones((2, 4, 3), np.float32)


@pytest.mark.parametrize('make', [lambda: L.MultiHeadAttention(2, 2), lambda: L.GroupQueryAttention(2, 2, 1)])
@pytest.mark.parametrize('call', [lambda layer: layer(X), lambda layer: layer([X, X]), lambda layer: layer(query=X),
                                  lambda layer: layer(X, key=X)])
def test_attention_without_value_raises_the_bind_error(make, call):
    with pytest.raises(TypeError) as info:
        call(make())
    assert str(info.value) == "missing a required argument: 'value'"


class _TwoArguments(L.Layer):
    def call(self, a, b):
        return a + b


class _InnerMisuse(L.Layer):
    def call(self, a):
        def inner(p, q):
            return p
        return inner(a)


def test_a_user_layer_missing_an_argument_raises_the_bind_error():
    with pytest.raises(TypeError) as info:
        _TwoArguments()(X)
    assert str(info.value) == "missing a required argument: 'b'"
    assert tuple(_TwoArguments()(X, X).shape) == (2, 4, 3)


def test_a_type_error_inside_call_is_still_worded_as_a_call_error():
    with pytest.raises(TypeError) as info:
        _InnerMisuse()(X)
    # TF 2.21 (first line): the inner function's own TypeError, inside Keras's call wording
    assert str(info.value).startswith("Exception encountered when calling _InnerMisuse.call().\n\n\x1b[1m"
                                      "_InnerMisuse.call.<locals>.inner() missing 1 required positional argument: 'q'")


def test_attention_with_value_still_computes():
    assert tuple(L.MultiHeadAttention(2, 2)(X, X).shape) == (2, 4, 3)
    assert tuple(L.GroupQueryAttention(2, 2, 1)(X, X).shape) == (2, 4, 3)
