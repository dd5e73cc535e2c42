"""tf.sort / tf.argsort of bools: TF 2.21 sorts descending with TopKV2 alone, ascending by Neg first, so a
bool tensor meets TopKV2's refusal descending and Neg's ascending."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

TOPK = "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, uint8, int16, int8"
NEG = "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8"


@pytest.mark.parametrize('sort', [tf.sort, tf.argsort])
def test_descending_is_topkv2(sort):
    # TF 2.21: "... uint16, half, uint32, uint64\n\t; NodeDef: {{node TopKV2}}; Op<name=TopKV2; ..."
    with pytest.raises(InvalidArgumentError) as caught:
        sort(tf.constant([True, False]), direction='DESCENDING')
    assert str(caught.value).startswith(TOPK) and '{{node TopKV2}}' in str(caught.value)


@pytest.mark.parametrize('sort', [tf.sort, tf.argsort])
def test_ascending_is_neg(sort):
    # TF 2.21: "... complex64, complex128\n\t; NodeDef: {{node Neg}}; ..."
    with pytest.raises(InvalidArgumentError) as caught:
        sort(tf.constant(np.array([True, False])))
    assert str(caught.value).startswith(NEG) and '{{node Neg}}' in str(caught.value)


def test_keras_ops_sort_takes_bools():
    # TF 2.21: keras.ops.sort(np.array([True, False])) is bool [False, True], argsort int32 [1, 0]
    r = keras.ops.sort(np.array([True, False]))
    assert r.dtype.name == 'bool' and np.asarray(r).tolist() == [False, True]
    assert np.asarray(keras.ops.argsort(np.array([True, False]))).tolist() == [1, 0]
