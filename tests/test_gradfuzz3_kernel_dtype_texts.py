"""approx_max_k / approx_min_k refuse a dtype outside half, bfloat16, float with TF 2.21's ApproxTopK registry
words, and tf.nn.lrn refuses an integer input with LRN's (no ' name: ' tail there); tapeflow's own sentence
is a note. Texts printed by TF 2.21."""
import numpy as np
import pytest

import framework as tf

TOPK = ("Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float\n\t; NodeDef: "
        "{{node ApproxTopK}}; Op<name=ApproxTopK; signature=input:T -> values:T, indices:int32; attr=k:int,min=0; "
        "attr=reduction_dimension:int,default=-1; attr=recall_target:float,default=0.95; "
        "attr=is_max_k:bool,default=true; attr=reduction_input_size_override:int,default=-1; "
        "attr=aggregate_to_topk:bool,default=true; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT]> "
        "[Op:ApproxTopK] name: ")
LRN = ("Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float\n\t; NodeDef: "
       "{{node LRN}}; Op<name=LRN; signature=input:T -> output:T; attr=depth_radius:int,default=5; "
       "attr=bias:float,default=1; attr=alpha:float,default=1; attr=beta:float,default=0.5; "
       "attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT]> [Op:LRN]")


@pytest.mark.parametrize('call, text', [
    (lambda: tf.math.approx_max_k(tf.constant([[1.0, -2.0, 3.0]], tf.float64), 2), TOPK % 'double'),
    (lambda: tf.math.approx_min_k(tf.constant([[1.0, -2.0, 3.0]], tf.float64), 2), TOPK % 'double'),
    (lambda: tf.math.approx_max_k(tf.constant([[1, 2, 3]]), 1), TOPK % 'int32'),
    (lambda: tf.nn.lrn(tf.reshape(tf.constant([[1, 2, 3]]), [1, 1, 1, -1])), LRN),
])
def test_registry_words(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == text


def test_half_still_computes():
    assert tf.math.approx_max_k(tf.constant([[1.0, 2.0]], tf.float16), 1)[0].dtype == tf.float16
    assert tf.nn.lrn(tf.ones([1, 1, 1, 2], tf.float16)).dtype == tf.float16
    np.testing.assert_allclose(tf.nn.lrn(tf.ones([1, 1, 1, 2])).numpy().ravel(), [1 / np.sqrt(3)] * 2, rtol=1e-6)
