"""tf.train.Checkpoint saves and restores a bfloat16 variable in TensorFlow's format (DT_BFLOAT16).

tapeflow raised its own TypeError ('cannot save a bfloat16 tensor in TensorFlow's format'),
so a model with a dtype='bfloat16' layer could not be checkpointed, and a TF-written
checkpoint holding one could not be read. The bytes below are the files TF 2.21 writes for
the same checkpoint (/work/notes/progs/kerasio27/q14_bf16_ckpt.py); tapeflow's are now the same.
"""
import numpy as np

import framework as tf

TF_DATA = bytes.fromhex(
    'c03f204000be4d9d529e7b0a0b0a0508011201762a0208010a3e12380a0e5641524941424c455f56414c554512085661726961626c65'
    '1a1c762f2e415454524942555445532f5641524941424c455f56414c55452a020801')
TF_INDEX = bytes.fromhex(
    '00000608011a020801001c0d5f434845434b504f494e5441424c455f4f424a4543545f4752415048080712002006285235f3caf1d2'
    '001c0f762f2e415454524942555445532f5641524941424c455f56414c5545080e120412020803280635f84f38d300000000010000'
    '0000435ae44a000000000100000000c0f2a1b000010277006b000000000100000000b95fa82b70087d0e000000000000000000000000'
    '00000000000000000000000000000000000000000000000057fb808b247547db')


def _variable():
    return tf.Variable(tf.constant([1.5, 2.5, -0.125], tf.bfloat16))


def test_written_files_are_tensorflows(tmp_path):
    prefix = tf.train.Checkpoint(v=_variable()).write(str(tmp_path / 'bf'))
    assert open(prefix + '.data-00000-of-00001', 'rb').read() == TF_DATA
    assert open(prefix + '.index', 'rb').read() == TF_INDEX


def test_a_tensorflow_file_reads_back(tmp_path):
    (tmp_path / 'bf.data-00000-of-00001').write_bytes(TF_DATA)
    (tmp_path / 'bf.index').write_bytes(TF_INDEX)
    reader = tf.train.load_checkpoint(str(tmp_path / 'bf'))
    assert reader.get_variable_to_dtype_map()['v/.ATTRIBUTES/VARIABLE_VALUE'] == tf.bfloat16
    assert reader.get_tensor('v/.ATTRIBUTES/VARIABLE_VALUE').astype('float32').tolist() == [1.5, 2.5, -0.125]
    restored = tf.Variable(tf.zeros([3], tf.bfloat16))
    tf.train.Checkpoint(v=restored).read(str(tmp_path / 'bf')).assert_consumed()
    assert restored.dtype == tf.bfloat16
    assert np.asarray(restored.numpy(), 'float32').tolist() == [1.5, 2.5, -0.125]
