"""Float-only activations given integer or bool tensors print Keras 3 / TF 2.21's own text (the failed float
constant's conversion, gelu's Python check); tapeflow's sentence naming the activation is a note. Literals: TF
2.21's str(e), printed by /work/notes/progs/msgtext8/act_tf.py under /opt/tfref."""
import numpy as np
import pytest

from framework import keras

INTS = np.ones((2, 3), np.int32)
BOOLS = np.ones((2, 3), bool)


@pytest.mark.parametrize('name, call, kind, text', [
    ('hard_sigmoid', lambda: keras.ops.hard_sigmoid(INTS), TypeError, 'Cannot convert 3.0 to EagerTensor of dtype int32'),
    ('celu', lambda: keras.activations.celu(BOOLS), TypeError, 'Cannot convert 0.0 to EagerTensor of dtype bool'),
    ('gelu', lambda: keras.ops.gelu(INTS), ValueError,
     "`features.dtype` must be a floating point tensor.Received:features.dtype=<dtype: 'int32'>"),
])
def test_an_integer_input_prints_tensorflows_text(name, call, kind, text):
    with pytest.raises(kind) as info:
        call()
    assert type(info.value) is kind
    assert str(info.value) == text
    assert any('keras.activations.%s' % name in note for note in info.value.__notes__)
