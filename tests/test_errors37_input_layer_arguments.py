"""keras.layers.InputLayer's extra keywords and its input_tensor refusal, as Keras 3 on TF 2.21 has them:
its __init__ passes only the name on, so unknown keywords are dropped (tapeflow refused them as
'Unrecognized keyword arguments passed to InputLayer'), and the refusal prints an eager tensor through
format(). Golden texts printed by TF 2.21 (/work/notes/progs/errors37/inputs2.py)."""
import pytest

import framework as tf
from framework import keras


def test_unknown_keywords_are_dropped():
    layer = keras.layers.InputLayer(shape=(2,), foo=1)
    assert layer.batch_shape == (None, 2)
    assert keras.layers.InputLayer(shape=(2,), trainable=False).trainable is True     # TF 2.21 prints True


def test_an_eager_input_tensor_is_refused_in_kerass_words():
    with pytest.raises(ValueError) as info:
        keras.layers.InputLayer(input_tensor=tf.ones([2]))
    assert str(info.value) == ('Argument `input_tensor` must be a KerasTensor. Received invalid type: input_tensor=[1. 1.] '
                               "(of type <class 'tensorflow.python.framework.ops.EagerTensor'>)")
