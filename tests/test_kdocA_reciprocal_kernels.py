"""tf.math.reciprocal / keras.ops.reciprocal of int8-int64 raise TF 2.21's NotFoundError: Reciprocal's op
registry takes them (so not the InvalidArgumentError of a refused dtype, whose text listed int32 as allowed)
but no CPU kernel computes them. Texts printed by TF 2.21; uint8 and bool stay the registry's refusal."""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops

WANT = ("Could not find device for node: {{node Reciprocal}} = Reciprocal[T=DT_INT32]\nAll kernels registered for "
        "op Reciprocal:\n  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, DT_COMPLEX64, "
        "DT_INT64, DT_BFLOAT16, DT_COMPLEX128, DT_HALF]\n  device='CPU'; T in [DT_COMPLEX128]\n  device='CPU'; T in "
        "[DT_COMPLEX64]\n  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_BFLOAT16]\n  device='CPU'; T in "
        "[DT_HALF]\n  device='CPU'; T in [DT_FLOAT]\n [Op:Reciprocal] name: ")


def test_int32_text():
    with pytest.raises(tf.errors.NotFoundError) as info:
        tf.math.reciprocal(tf.constant([2], 'int32'))
    assert str(info.value) == WANT


@pytest.mark.parametrize('dtype', ['int8', 'int16', 'int64'])
def test_other_signed_integers(dtype):
    with pytest.raises(tf.errors.NotFoundError, match='Reciprocal\\[T=DT_%s\\]' % dtype.upper()):
        ops.reciprocal(np.array([1, 2], dtype))


def test_uint8_is_still_the_registry_refusal():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of uint8 is not in the list"):
        tf.math.reciprocal(tf.constant([2], 'uint8'))
    assert tf.math.reciprocal(tf.constant([2.0], 'float16')).numpy().tolist() == [0.5]
