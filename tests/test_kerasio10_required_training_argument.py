"""A layer whose ``call(self, inputs, training)`` requires ``training`` (no default), called without
it: Keras 3 binds the call's own arguments to the signature before it inherits ``training`` from
the enclosing call, so it raises TypeError even inside fit (the keras.io NER example's
TransformerBlock, called as ``self.transformer_block(x)`` in the model's call, crashes on TF 2.21).
tapeflow filled ``training`` in from the fit step and ran. Messages from Keras 3 on TF 2.21
(KERAS_BACKEND=tensorflow), printed with repr."""
import numpy as np
import pytest

from framework import keras


class _Block(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(2)
        self.dropout = keras.layers.Dropout(0.5)

    def call(self, inputs, training):
        return self.dropout(self.dense(inputs), training=training)


class _KeywordOnlyBlock(_Block):
    def call(self, inputs, *, training):
        return self.dense(inputs)


class _Wrapper(keras.Model):
    def __init__(self, block):
        super().__init__()
        self.block = block

    def call(self, x, training=False):
        return self.block(x)        # training not passed on


X = np.ones((2, 3), 'float32')


@pytest.mark.parametrize('block', [_Block, _KeywordOnlyBlock])
def test_direct_call_without_training_raises_keras_type_error(block):
    with pytest.raises(TypeError) as info:
        block()(X)
    assert str(info.value) == "missing a required argument: 'training'"
    assert block()(X, training=False).shape == (2, 2)      # given: runs


def test_fit_of_a_model_whose_call_drops_training_raises():
    model = _Wrapper(_Block())
    model.compile(loss='mse')
    with pytest.raises(TypeError) as info:
        model.fit(X, np.ones((2, 2)), verbose=0)
    # Keras: "Exception encountered when calling M.call().\n\n\x1b[1mmissing a required argument:
    # 'training'\x1b[0m\n\nArguments received by M.call():\n  • x=tf.Tensor(shape=(None, 3), ...)\n  • training=True"
    message = str(info.value)
    assert message.startswith('Exception encountered when calling _Wrapper.call().')
    assert "missing a required argument: 'training'" in message
    assert '• training=True' in message


def test_eager_call_of_the_model_raises_with_the_models_arguments():
    with pytest.raises(TypeError) as info:
        _Wrapper(_Block())(X)
    assert "missing a required argument: 'training'" in str(info.value)
    assert '• training=False' in str(info.value)


def test_functional_call_without_training_raises():
    with pytest.raises(TypeError, match="missing a required argument: 'training'"):
        _Block()(keras.Input((3,)))


def test_failed_first_call_leaves_the_layer_unbuilt_and_usable():
    block = _Block()
    with pytest.raises(TypeError):
        block(X)
    assert not block.built and block.weights == []
    assert block(X, training=False).shape == (2, 2)
    assert len(block.weights) == 2
