"""Layer.from_config wraps a constructor's error as Keras 3's Operation.from_config does: raised while handling it,
without ``from``, so the original is the new error's context, not its cause, and a traceback prints "During handling
of the above exception, another exception occurred" between them (TF 2.21 printed that, tapeflow printed "The above
exception was the direct cause"). keras.io's endpoint layer pattern meets it when a LogisticEndpoint whose
``__init__`` takes no ``**kwargs`` is loaded back (notes progs/kerasexamples15/p13_endpoint.py,
p14_from_config_chain.py: TF 2.21 printed ``<class 'NoneType'> <class 'TypeError'> False``)."""
import traceback

import pytest

from framework import keras


class LogisticEndpoint(keras.layers.Layer):
    def __init__(self, name=None):
        super().__init__(name=name)

    def call(self, logits):
        return logits


def test_constructor_error_is_the_context_not_the_cause():
    with pytest.raises(TypeError) as info:
        LogisticEndpoint.from_config({'name': 'logistic_endpoint', 'trainable': True, 'dtype': 'float32'})
    err = info.value
    assert (type(err.__cause__), type(err.__context__), err.__suppress_context__) == (type(None), TypeError, False)
    assert str(err) == ("Error when deserializing class 'LogisticEndpoint' using config={'name': 'logistic_endpoint', "
                        "'trainable': True, 'dtype': 'float32'}.\n\nException encountered: LogisticEndpoint.__init__() "
                        "got an unexpected keyword argument 'trainable'")


def test_traceback_says_during_handling(tmp_path):
    inputs = keras.Input((4,))
    model = keras.Model(inputs, LogisticEndpoint()(keras.layers.Dense(1)(inputs)))
    path = str(tmp_path / 'endpoint.keras')
    model.save(path)
    with pytest.raises(TypeError) as info:
        keras.models.load_model(path, custom_objects={'LogisticEndpoint': LogisticEndpoint})
    text = ''.join(traceback.format_exception(info.value))
    assert 'The above exception was the direct cause' not in text
    assert text.count("During handling of the above exception, another exception occurred") == 3    # (as TF 2.21: p13)
    assert text.rstrip().endswith("got an unexpected keyword argument 'trainable'")
