"""An error in the call of a user's layer without compute_output_shape / compute_output_spec, during
a functional build, reads as Keras 3 words it: Keras finds such a layer's outputs by running its call
and prefixes 'Could not automatically infer the output shape / dtype of ...' to the error (keras.io's
OCR example's CTC layer on TF 2.21). Layers with an output shape, and built-in ones, never run the
call there. Texts derived from TF 2.21 + Keras 3 (kexamples4's d41.py)."""
import pytest

from framework import keras


class Boom(keras.layers.Layer):
    def call(self, x):
        raise ValueError('boom')


class BoomShaped(Boom):
    def compute_output_shape(self, shape):
        return shape


class BoomDense(keras.layers.Dense):
    def call(self, x):
        raise ValueError('boom dense')


class BoomModel(keras.Model):
    def call(self, x):
        raise ValueError('boom model')


def _head(error):
    return str(error).split('Arguments received')[0]


class Boom2(keras.layers.Layer):
    def call(self, a, b, scale=2.0, training=None):
        raise ValueError('boom2')


def test_arguments_received_are_the_symbolic_calls():
    # TF 2.21: Keras lists its symbolic __call__(*args, **kwargs), KerasTensors as their reprs
    inp = keras.Input((3,), name='inp')
    shown = "'<KerasTensor shape=(None, 3), dtype=float32, sparse=False, ragged=False, name=inp>'"
    with pytest.raises(ValueError) as caught:
        Boom()(inp)
    assert str(caught.value).split('\x1b[0m')[-1] == (
        "\n\nArguments received by Boom.call():\n  \u2022 args=(%s,)\n  \u2022 kwargs=<class 'inspect._empty'>" % shown)
    with pytest.raises(ValueError) as caught:
        Boom2()(inp, inp, scale=3.0)
    assert str(caught.value).split('\x1b[0m')[-1] == (
        "\n\nArguments received by Boom2.call():\n  \u2022 args=(%s, %s)\n  \u2022 kwargs={'scale': '3.0'}"
        % (shown, shown))


@pytest.mark.parametrize('make, cls, text', [(Boom, 'Boom', 'boom'), (BoomModel, 'BoomModel', 'boom model')])
def test_a_failing_call_says_keras_could_not_infer_its_outputs(make, cls, text):
    layer = make()
    name = layer.name
    with pytest.raises(ValueError) as caught:
        layer(keras.Input((3,)))
    assert _head(caught.value) == (
        'Exception encountered when calling %s.call().\n\n\x1b[1mCould not automatically infer the output shape '
        "/ dtype of '%s' (of type %s). Either the `%s.call()` method is incorrect, or you need to implement the "
        '`%s.compute_output_spec() / compute_output_shape()` method. Error encountered:\n\n%s\x1b[0m\n\n'
        % (cls, name, cls, cls, cls, text))


def test_layers_with_an_output_shape_do_not_run_the_call():
    # TF 2.21: no error at all, the call never runs in the build
    BoomShaped()(keras.Input((3,)))
    BoomDense(2)(keras.Input((3,)))
