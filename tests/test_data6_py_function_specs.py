"""tf.py_function / tf.numpy_function in a Dataset.map: TensorFlow's graph cannot see the rank of what
the Python returns, so the map's spec is TensorSpec(shape=<unknown>) (the reason tutorials call
set_shape after them), and the outputs print as the graph's 'EagerPyFunc' / 'PyFunc' tensors.

Golden texts printed by TF 2.21 (/work/notes/progs/data6/p4.py, p5.py), e.g.
    ds = tf.data.Dataset.range(3).map(lambda x: tf.py_function(lambda v: v.numpy() * 2, [x], tf.int64))
    print(ds)
"""
import io
import contextlib

import numpy as np

import framework as tf


def test_py_function_map_spec_has_unknown_shape():
    ds = tf.data.Dataset.range(3).map(lambda x: tf.py_function(lambda v: v.numpy() * 2, [x], tf.int64))
    assert repr(ds) == "<_MapDataset element_spec=TensorSpec(shape=<unknown>, dtype=tf.int64, name=None)>"
    assert [int(v) for v in ds.as_numpy_iterator()] == [0, 2, 4]      # the values are unchanged
    assert repr(ds.batch(2)) == "<_BatchDataset element_spec=TensorSpec(shape=<unknown>, dtype=tf.int64, name=None)>"


def test_set_shape_fixes_one_output_and_batch_keeps_the_other_unknown():
    def g(x):
        y, z = tf.py_function(lambda v: (v * 2, tf.cast(v, tf.float32)), [x], [tf.int64, tf.float32])
        y.set_shape([])
        print(y, z)
        return y, z
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        ds = tf.data.Dataset.range(3).map(g)
        spec_text = repr(ds.batch(2))
    assert spec_text == ("<_BatchDataset element_spec=(TensorSpec(shape=(None,), dtype=tf.int64, name=None), "
                         "TensorSpec(shape=<unknown>, dtype=tf.float32, name=None))>")
    # TF 2.21 also writes ", device=/job:localhost/replica:0/task:0" after each dtype (not emulated)
    assert out.getvalue().startswith('Tensor("EagerPyFunc:0", shape=(), dtype=int64')
    assert 'Tensor("EagerPyFunc:1", dtype=float32' in out.getvalue()


def test_numpy_function_on_a_batch_has_unknown_shape():
    ds = tf.data.Dataset.range(3).batch(2).map(lambda x: tf.numpy_function(lambda v: v * 2, [x], tf.int64))
    assert repr(ds) == "<_MapDataset element_spec=TensorSpec(shape=<unknown>, dtype=tf.int64, name=None)>"
    assert [a.tolist() for a in ds.as_numpy_iterator()] == [[0, 2], [4]]


def test_ops_after_py_function_in_a_map_keep_the_unknown_rank():
    pairs = tf.data.Dataset.range(4).map(
        lambda x: (tf.py_function(lambda v: tf.cast(tf.fill([2], v), tf.float32), [x], tf.float32), x))
    assert repr(pairs.map(lambda a, b: (a + 1.0, b)).element_spec[0]) == \
        'TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)'
    fixed = pairs.map(lambda a, b: (tf.ensure_shape(a, [2]), b)).batch(2)
    assert repr(fixed.element_spec[0]) == 'TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)'
    np.testing.assert_array_equal(next(iter(fixed))[0].numpy(), [[0., 0.], [1., 1.]])
