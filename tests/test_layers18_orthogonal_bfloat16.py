"""The Orthogonal initializer in bfloat16 (a bfloat16 LSTM / SimpleRNN's recurrent kernel) fails in TensorFlow's
Qr kernel with TF 2.21's whole text, as tf.linalg.qr does (notes progs/layers18/qr.py, pol.py)."""
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

_TEXT = ("Value for attr 'T' of bfloat16 is not in the list of allowed values: double, float, half, complex64, "
         "complex128\n\t; NodeDef: {{node Qr}}; Op<name=Qr; signature=input:T -> q:T, r:T; "
         "attr=full_matrices:bool,default=false; attr=T:type,allowed=[DT_DOUBLE, DT_FLOAT, DT_HALF, DT_COMPLEX64, "
         "DT_COMPLEX128]> [Op:Qr] name: ")


def _message(fn):
    with pytest.raises(InvalidArgumentError) as caught:
        fn()
    return str(caught.value)


def test_orthogonal_bfloat16_is_qr_refusal():
    # tapeflow had a shortened text of its own ('... complex128 [Op:Qr]; the Orthogonal initializer needs a QR ...')
    assert _message(lambda: keras.initializers.Orthogonal()((3, 3), dtype='bfloat16')) == _TEXT
    assert _message(lambda: tf.linalg.qr(tf.ones((3, 3), 'bfloat16'))) == _TEXT


@pytest.mark.parametrize('cls', ['LSTM', 'SimpleRNN', 'GRU'])
def test_bfloat16_recurrent_layers(cls):
    assert _message(lambda: getattr(keras.layers, cls)(2, dtype='bfloat16')(keras.Input((None, 3)))) == _TEXT
