"""A preprocessing layer's output in a tf.function is named after the last op Keras 3 runs for it.

Goldens: TF 2.21 / Keras 3.15 printed repr() of each layer's output inside a tf.function
(/work/notes/progs/kerasio19/p7.py, output p7.tf.out; the auto-named forms in p4.py, p5.py). TF's
print() of the CPU-pinned lookup and hash ops adds ', device=/device:CPU:0', which tapeflow does not
print; repr has no device on TF either, so these reprs are TF's exactly.
"""
import pytest

import framework as tf
from framework import keras

L = keras.layers
_STRINGS = [['a', 'b']]


def _traced_repr(layer, value):
    seen = []

    @tf.function
    def run(x):
        y = layer(x)
        seen.append(repr(y))
        return y
    run(value)
    return seen[0]


CASES = [
    (lambda: L.StringLookup(vocabulary=list('abc'), name='lk'), _STRINGS, "'lk_1/Identity:0' shape=(1, 2) dtype=int64"),
    (lambda: L.IntegerLookup(vocabulary=[1, 2, 3], name='ik'), [[1, 2]], "'ik_1/Identity:0' shape=(1, 2) dtype=int64"),
    (lambda: L.StringLookup(vocabulary=list('abc'), output_mode='one_hot', name='oh'), _STRINGS,
     "'oh_1/one_hot:0' shape=(1, 2, 4) dtype=int64"),
    (lambda: L.StringLookup(vocabulary=list('abc'), output_mode='count', name='ct'), _STRINGS,
     "'ct_1/bincount/DenseBincount:0' shape=(1, 4) dtype=int64"),
    (lambda: L.CategoryEncoding(num_tokens=4, name='ce'), [[1, 2]],
     "'ce_1/bincount/DenseBincount:0' shape=(1, 4) dtype=float32"),
    (lambda: L.Hashing(num_bins=4, output_mode='one_hot', name='hh'), _STRINGS,
     "'hh_1/one_hot:0' shape=(1, 2, 4) dtype=float32"),
    (lambda: L.Hashing(num_bins=4, name='h'), _STRINGS, "'h_1/hash:0' shape=(1, 2) dtype=int64"),
    (lambda: L.StringLookup(vocabulary=list('abc'), invert=True, name='inv'), [[1, 2]],
     "'inv_1/None_Lookup/LookupTableFindV2:0' shape=(1, 2) dtype=string"),
    (lambda: L.Normalization(mean=1.0, variance=2.0, name='nm'), [[1.0, 2.0]],
     "'nm_1/truediv:0' shape=(1, 2) dtype=float32"),
    (lambda: L.Discretization(bin_boundaries=[0.0, 1.0], name='dz'), [[1.0, 2.0]],
     "'dz_1/Bucketize:0' shape=(1, 2) dtype=int32"),
    (lambda: L.Rescaling(0.5, name='rs'), None, "'rs_1/add:0' shape=(1, 4, 4, 3) dtype=float32"),
    (lambda: L.Resizing(2, 2, name='rz'), None, "'rz_1/resize/ResizeBilinear:0' shape=(1, 2, 2, 3) dtype=float32"),
    (lambda: L.Resizing(2, 2, interpolation='nearest', name='rn'), None,
     "'rn_1/resize/ResizeNearestNeighbor:0' shape=(1, 2, 2, 3) dtype=float32"),
]


@pytest.mark.parametrize('make, value, expected', CASES)
def test_a_preprocessing_output_in_a_tf_function_is_named_after_its_last_op(make, value, expected):
    value = tf.ones((1, 4, 4, 3)) if value is None else tf.constant(value)
    assert _traced_repr(make(), value) == '<tf.Tensor %s>' % expected
