"""A layer called on KerasTensors whose call fails inside a sublayer's call reads as Keras 3's: its
compute_output_spec quotes the sublayer's worded error whole (f'{e}') after 'Could not automatically infer
the output shape / dtype of ...', and the outer layer's __call__ words that; tapeflow raised the sublayer's
error alone. The layer's own KeyError is quoted there as str(KeyError) quotes it ("'k'"). And after a failed
build run, Keras's default build() warns of unbuilt state only where a sublayer is still unbuilt (a Dense the
call built before a later sublayer failed no longer counts): tapeflow always warned.

Goldens: TF 2.21 + Keras 3.15 (progs/kerasexamples4/p10.py, p12.py, p13.py).
"""
import re
import warnings

import numpy as np
import pytest

from framework import keras
from framework.keras import ops


class _Reshapes(keras.layers.Layer):
    def call(self, x):
        return ops.reshape(x * 2, (5, 7))


class _MissingKey(keras.layers.Layer):
    def call(self, x):
        return x[{}['k']]


class _DenseThen(keras.layers.Layer):
    """A Dense, then a failing sublayer: both built when the failure comes."""
    def __init__(self, inner, **kwargs):
        super().__init__(**kwargs)
        self.d = keras.layers.Dense(2)
        self.inner = inner

    def call(self, x):
        return self.inner(self.d(x)) + 1


class _FailsFirst(keras.layers.Layer):
    """The failing sublayer first: the Dense is never built."""
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.inner = _Reshapes(name='inner')
        self.d = keras.layers.Dense(2)

    def call(self, x):
        return self.d(self.inner(x)) + 1


class _Unbound(keras.layers.Layer):
    """A sublayer of its own (no build(), a Dense) whose call fails after the Dense ran."""
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(3)

    def call(self, x):
        if x is None:
            y = x
        return self.dense(x) * y


class _Wraps(keras.layers.Layer):
    def __init__(self, inner, **kwargs):
        super().__init__(**kwargs)
        self.o = inner

    def call(self, x):
        return self.o(x)


def _keras_tensor_free(text):
    return re.sub(r'name=keras_tensor(_\d+)?>', 'name=keras_tensor>', text)


def _inferred(outer, name, inner_text):
    return ("Exception encountered when calling %s.call().\n\n\x1b[1mCould not automatically infer the output shape "
            "/ dtype of '%s' (of type %s). Either the `%s.call()` method is incorrect, or you need to implement the "
            "`%s.compute_output_spec() / compute_output_shape()` method. Error encountered:\n\n%s\x1b[0m\n\n"
            "Arguments received by %s.call():\n  • args=('<KerasTensor shape=(None, 3), dtype=float32, sparse=False, "
            "ragged=False, name=keras_tensor>',)\n  • kwargs=<class 'inspect._empty'>"
            % (outer, name, outer, outer, outer, inner_text, outer))


_INNER_KEY = ("'Exception encountered when calling _MissingKey.call().\\n\\n\\x1b[1mk\\x1b[0m\\n\\nArguments received "
              "by _MissingKey.call():\\n  • x=tf.Tensor(shape=(None, 2), dtype=float32)'")
_INNER_RESHAPE = ("Exception encountered when calling _Reshapes.call().\n\n\x1b[1mDimension size must be evenly "
                  "divisible by 3 but is 35 for '{{node inner_1/Reshape}} = Reshape[T=DT_FLOAT, Tshape=DT_INT32]"
                  "(inner_1/mul, inner_1/Reshape/shape)' with input shapes: [?,3], [2] and with input tensors "
                  "computed as partial shapes: input[1] = [5,7].\x1b[0m\n\nArguments received by _Reshapes.call():"
                  "\n  • x=tf.Tensor(shape=(None, 3), dtype=float32)")


def _raised(make):
    with warnings.catch_warnings(record=True) as caught, pytest.raises(Exception) as error:
        warnings.simplefilter('always')
        make()
    return error.value, [str(w.message) for w in caught]


def test_sublayer_key_error_quoted_in_the_outer_words():
    error, _ = _raised(lambda: _DenseThen(_MissingKey(name='inner3'), name='o3')(keras.Input((3,))))
    assert type(error) is KeyError
    assert _keras_tensor_free(error.args[0]) == _inferred('_DenseThen', 'o3', _INNER_KEY)


def test_only_the_layer_called_on_keras_tensors_adds_words():
    error, _ = _raised(lambda: _Wraps(_DenseThen(_MissingKey(name='inner3'), name='o3'), name='o4')(
        keras.Input((3,))))
    assert _keras_tensor_free(error.args[0]) == _inferred('_Wraps', 'o4', _INNER_KEY)


def test_sublayer_graph_error_in_the_outer_words():
    error, _ = _raised(lambda: keras.Sequential([keras.Input((3,)), _Wraps(_Reshapes(name='inner'), name='ob2')]))
    assert type(error) is ValueError
    assert _keras_tensor_free(error.args[0]) == _inferred('_Wraps', 'ob2', _INNER_RESHAPE)


def test_own_key_error_is_quoted():
    error, _ = _raised(lambda: _MissingKey(name='b2')(keras.Input((3,))))
    assert "Error encountered:\n\n'k'\x1b[0m" in error.args[0]


def test_eager_calls_keep_the_sublayer_words():
    # TF 2.21: no inference there, the sublayer's worded error as it is
    error, _ = _raised(lambda: _DenseThen(_MissingKey(name='inner3'))(np.ones((2, 3))))
    assert error.args[0].startswith('Exception encountered when calling _MissingKey.call().')


@pytest.mark.parametrize('make, warned', [
    # TF 2.21: the Dense and the failing sublayer are built: only 'looks like it has unbuilt state'
    (lambda: _DenseThen(_Reshapes(name='inner'), name='outer2'), ['outer2']),
    # the Dense after the failure stays unbuilt: Keras's default build() warns too
    (lambda: _FailsFirst(name='outer'), ['outer', 'outer']),
    # the failing sublayer's own build run failed: on graph tensors Keras leaves it unbuilt, so both warn
    # (and the sublayer itself does not)
    (lambda: _DenseThen(_Unbound(name='dd'), name='outer3'), ['outer3', 'outer3'])])
def test_unbuilt_state_warning_after_a_failed_build_run(make, warned):
    layer = make()
    _, messages = _raised(lambda: layer(keras.Input((3,))))
    assert [m.split("'")[1] for m in messages] == warned
    assert messages[0].startswith("Layer '%s' looks like it has unbuilt state" % warned[0])
    assert layer.d.built is (warned != ['outer', 'outer'])
