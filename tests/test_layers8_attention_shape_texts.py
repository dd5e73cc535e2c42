"""Attention / AdditiveAttention / MultiHeadAttention / keras.ops.dot_product_attention given inputs or masks whose
shapes do not fit fail where Keras 3 on TF 2.21 fails, in the kernels' words.

TF 2.21's texts printed by /work/notes/progs/layers8/att_err.py. tapeflow said its own "Attention 'attention':
query (2, 6, 4), value (2, 6, 5) and key (2, 6, 5) do not fit (B, Tq, dim), ..." and, for masks, BroadcastTo's
error with the shapes the other way round (Keras ands the mask into a full one: LogicalAnd; with returned scores
its Softmax layer refuses the mask).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
NODE = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def ones(*shape):
    return np.ones(shape, 'float32')


CASES = [
    ('dot, query and key sizes', lambda: L.Attention()([ones(2, 6, 4), ones(2, 6, 5)]), tf.errors.InvalidArgumentError,
     NODE % '__MklBatchMatMulV2' + 'Matrix size-incompatible: In[0]: [2,6,4], In[1]: [2,5,6] 0 0 [Op:BatchMatMulV2] name: '),
    ('value and key lengths', lambda: L.Attention()([ones(2, 6, 4), ones(2, 5, 4), ones(2, 6, 4)]),
     tf.errors.InvalidArgumentError,
     NODE % '__MklBatchMatMulV2' + 'Matrix size-incompatible: In[0]: [2,6,6], In[1]: [2,5,4] 0 0 [Op:BatchMatMulV2] name: '),
    ('batch sizes', lambda: L.Attention()([ones(2, 6, 4), ones(3, 6, 4)]), tf.errors.InvalidArgumentError,
     NODE % '__MklBatchMatMulV2' + 'In[0] and In[1] must have compatible batch dimensions: [2,6,4] vs. [3,4,6] '
     '[Op:BatchMatMulV2] name: '),
    ('concat scores', lambda: L.Attention(score_mode='concat')([ones(2, 6, 4), ones(2, 6, 5)]),
     tf.errors.InvalidArgumentError, NODE % 'AddV2' + 'Incompatible shapes: [2,6,1,4] vs. [2,1,6,5] [Op:AddV2] name: '),
    ('additive scores', lambda: L.AdditiveAttention()([ones(2, 6, 4), ones(2, 6, 5)]),
     tf.errors.InvalidArgumentError, NODE % 'AddV2' + 'Incompatible shapes: [2,6,1,4] vs. [2,1,6,5] [Op:AddV2] name: '),
    ('mha 2-d mask', lambda: L.MultiHeadAttention(2, 2)(ones(2, 6, 4), ones(2, 6, 4), attention_mask=np.ones((2, 6), bool)),
     tf.errors.InvalidArgumentError,
     NODE % 'LogicalAnd' + 'Incompatible shapes: [2,2,6,6] vs. [1,1,2,6] [Op:LogicalAnd] name: '),
    ('mha mask for another value length',
     lambda: L.MultiHeadAttention(2, 2)(ones(2, 6, 4), ones(2, 5, 4), attention_mask=np.ones((2, 6, 6), bool)),
     tf.errors.InvalidArgumentError,
     NODE % 'LogicalAnd' + 'Incompatible shapes: [2,2,6,5] vs. [2,1,6,6] [Op:LogicalAnd] name: '),
    ('mha mask with scores',
     lambda: L.MultiHeadAttention(2, 2)(ones(2, 6, 4), ones(2, 6, 4), attention_mask=np.ones((2, 6), bool),
                                       return_attention_scores=True), ValueError,
     'The `mask` must be broadcastable to `inputs`. Each mask dimension must be 1 or match the corresponding input '
     'dimension. Received: inputs.shape=(2, 2, 6, 6), mask.shape=(1, 1, 2, 6)'),
    ('dot_product_attention mask', lambda: keras.ops.dot_product_attention(
        ones(2, 6, 2, 4), ones(2, 5, 2, 4), ones(2, 5, 2, 4), mask=np.ones((2, 2, 6, 6), bool), is_causal=True),
     tf.errors.InvalidArgumentError,
     NODE % 'LogicalAnd' + 'Incompatible shapes: [2,2,6,5] vs. [2,2,6,6] [Op:LogicalAnd] name: '),
]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('what, call, kind, text', CASES, ids=[c[0] for c in CASES])
def test_attention_shapes_that_do_not_fit(what, call, kind, text):
    with pytest.raises(kind) as caught:
        call()
    assert text in str(caught.value)
    assert "do not fit" not in str(caught.value)


def test_fitting_attention_still_runs():
    y = L.Attention()([ones(2, 6, 4), ones(2, 5, 3), ones(2, 5, 4)])
    assert tuple(y.shape) == (2, 6, 3)
    y = keras.ops.dot_product_attention(ones(2, 6, 2, 4), ones(2, 5, 2, 4), ones(2, 5, 2, 4),
                                        mask=np.ones((2, 1, 1, 5), bool), is_causal=True)
    assert tuple(y.shape) == (2, 6, 2, 4)
