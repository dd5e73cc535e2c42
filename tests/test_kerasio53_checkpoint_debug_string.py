"""tf.train.load_checkpoint(...).debug_string() lists each key as TF 2.21's CheckpointReader does: sorted, one
b'<key> (<DataType enum name>) [<dims>]\\n' line each, the object graph among them (tapeflow's reader had no
debug_string: AttributeError). The expected bytes are TF 2.21's (probes /work/notes/progs/kerasio53/p14b.py,
p15b.py)."""
import numpy as np

import framework as tf


def test_debug_string_lists_keys_dtypes_and_shapes(tmp_path):
    ck = tf.train.Checkpoint(v=tf.Variable([[1., 2.]]), s=tf.Variable(['a', 'b']), i=tf.Variable(3),
                             b=tf.Variable(True), h=tf.Variable(np.float16(1.)), u=tf.Variable(np.uint8(3)),
                             e=tf.Variable(np.zeros((0, 2), 'float32')),
                             sub=tf.train.Checkpoint(w=tf.Variable(1.5, dtype=tf.float64),
                                                     n=tf.Variable(4, dtype=tf.int64)))
    path = ck.save(str(tmp_path / 'c'))
    # TF 2.21 gives these bytes
    assert tf.train.load_checkpoint(path).debug_string() == (
        b'_CHECKPOINTABLE_OBJECT_GRAPH (DT_STRING) []\n'
        b'b/.ATTRIBUTES/VARIABLE_VALUE (DT_BOOL) []\n'
        b'e/.ATTRIBUTES/VARIABLE_VALUE (DT_FLOAT) [0,2]\n'
        b'h/.ATTRIBUTES/VARIABLE_VALUE (DT_HALF) []\n'
        b'i/.ATTRIBUTES/VARIABLE_VALUE (DT_INT32) []\n'
        b's/.ATTRIBUTES/VARIABLE_VALUE (DT_STRING) [2]\n'
        b'save_counter/.ATTRIBUTES/VARIABLE_VALUE (DT_INT64) []\n'
        b'sub/n/.ATTRIBUTES/VARIABLE_VALUE (DT_INT64) []\n'
        b'sub/w/.ATTRIBUTES/VARIABLE_VALUE (DT_DOUBLE) []\n'
        b'u/.ATTRIBUTES/VARIABLE_VALUE (DT_UINT8) []\n'
        b'v/.ATTRIBUTES/VARIABLE_VALUE (DT_FLOAT) [1,2]\n')


def test_debug_string_of_a_written_checkpoint(tmp_path):
    tf.train.Checkpoint(v=tf.Variable(1.)).write(str(tmp_path / 'w'))
    assert tf.train.load_checkpoint(str(tmp_path / 'w')).debug_string() == (
        b'_CHECKPOINTABLE_OBJECT_GRAPH (DT_STRING) []\nv/.ATTRIBUTES/VARIABLE_VALUE (DT_FLOAT) []\n')     # TF 2.21
