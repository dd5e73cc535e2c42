"""Python ints beyond what a tensor can hold convert as in TensorFlow 2.21 (printed by TF,
notes/progs/tftutorials3/bigint.py): past int64 they are refused ('out-of-range integer'; numpy had
made 2**63 a uint64 that wrapped to -2**63, and [1, 2**63] a float32 tensor); with a float dtype
they are floats (2**200 as float32 is inf); in a binary op with an integer tensor they are cut to
its dtype's bits (tf.constant(1) + 2**40 is 1)."""
import numpy as np
import pytest

import framework as tf

OUT_OF_RANGE = "Can't convert Python sequence with out-of-range integer to Tensor."


@pytest.mark.parametrize('make', [lambda: tf.constant(2 ** 63), lambda: tf.constant([1, 2 ** 63]),
                                  lambda: tf.constant(-2 ** 63 - 1), lambda: tf.Variable(2 ** 63),
                                  lambda: tf.constant(1, tf.int64) + 2 ** 63])
def test_past_int64_is_refused(make):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == OUT_OF_RANGE


def test_what_fits_somewhere_converts():
    assert tf.constant(-2 ** 63).numpy() == -2 ** 63
    assert tf.constant(2 ** 63, tf.uint64).numpy() == 2 ** 63
    assert np.isinf(tf.constant(2 ** 200, tf.float32).numpy())
    # a finite Python float past float32's range: TF 2.21's converter refuses it (opsfuzz4's 5cbd3a89)
    with pytest.raises(ValueError, match='out of range for a double-precision float'):
        tf.constant([1e300, 2.0])


def test_binary_ops_cut_python_ints_to_the_tensors_bits():
    assert (tf.constant(1) + 2 ** 40).numpy() == 1
    assert (tf.constant(5, tf.uint8) + (-1)).numpy() == 4
    assert (tf.constant(5, tf.uint8) + 300).numpy() == 49
    assert (tf.constant(3, tf.uint64) + 2 ** 63).numpy() == 2 ** 63 + 3
