"""TensorFlow's checkpoint file format: CRC-32C, LevelDB tables, TensorBundle entries.

The fixtures under tests/data/tf_checkpoint*/ were written by TensorFlow 2.21
(tests/data/make_tf_checkpoint.py); re-encoding what is read from them must give
their bytes back exactly, which pins the table layout, the entry protobufs, the
data order and every checksum (string tensors included).
"""
import os
import shutil

import numpy as np
import pytest

import framework as tf
from framework.train import crc32c, sstable, tensor_bundle
from framework.train.protobuf_wire import Message, fields, first

DATA = os.path.join(os.path.dirname(__file__), 'data')
FIXTURES = ['tf_checkpoint', 'tf_checkpoint_many']


def test_crc32c_known_values_and_lanes():
    assert crc32c.value(b'123456789') == 0xE3069283         # the CRC-32C check value (RFC 3720)
    assert crc32c.value(b'') == 0
    data = np.random.RandomState(0).randint(0, 256, size=(1 << 17) + 4097).astype(np.uint8).tobytes()
    plain = crc32c._raw_loop(data, 0xFFFFFFFF) ^ 0xFFFFFFFF
    assert crc32c.value(data) == plain                        # the numpy lanes agree with the byte loop
    assert crc32c.extend(crc32c.value(data[:1000]), data[1000:]) == plain
    assert crc32c.unmask(crc32c.mask(plain)) == plain and crc32c.mask(plain) != plain


def _read_in_data_order(prefix):
    table = sstable.decode(open(prefix + '.index', 'rb').read(), prefix)
    _, values = tensor_bundle.read(prefix)
    order = sorted(table[1:], key=lambda kv: first(fields(kv[1]), 4))
    return [(key.decode(), values[key.decode()]) for key, _ in order]


@pytest.mark.parametrize('name', FIXTURES)
def test_reencoding_tensorflow_files_gives_their_bytes(name):
    prefix = os.path.join(DATA, name, 'ckpt-1')
    index, data = tensor_bundle.encode(_read_in_data_order(prefix))
    assert index == open(prefix + '.index', 'rb').read()
    assert data == open(prefix + '.data-00000-of-00001', 'rb').read()


def test_tables_past_one_block_round_trip():
    # 300 values of 1 KiB: two data blocks, the index holds a shortened separator between them
    entries = [(b'key/%04d' % i, bytes([i % 251]) * 1024) for i in range(300)]
    encoded = sstable.encode(entries)
    assert sstable.decode(encoded, 'mem') == entries
    assert sstable._separator(b'abcx', b'abzz') == b'abd' and sstable._successor(b'\xffab') == b'\xffb'


def test_messages_encode_as_proto3():
    message = Message().uint(1, 0).uint(2, 300).bytes(3, 'hi').bytes(4, b'').fixed32(6, 7).encode()
    assert message == b'\x10\xac\x02\x1a\x02hi\x35\x07\x00\x00\x00'     # zeros and empty bytes left out
    assert fields(message) == {2: [300], 3: [b'hi'], 6: [7]}


def _copy(tmp_path, name='tf_checkpoint'):
    for entry in os.listdir(os.path.join(DATA, name)):
        shutil.copy(os.path.join(DATA, name, entry), tmp_path / entry)
    return str(tmp_path / 'ckpt-1')


def _flip(path, offset):
    data = bytearray(open(path, 'rb').read())
    data[offset] ^= 1
    open(path, 'wb').write(bytes(data))


def test_damaged_files_raise_data_loss_naming_them(tmp_path):
    prefix = _copy(tmp_path)
    _flip(prefix + '.index', 40)
    with pytest.raises(tf.errors.DataLossError, match=r'ckpt-1.index.*block checksum mismatch'):
        tf.train.load_checkpoint(prefix)
    open(prefix + '.index', 'wb').write(b'hello')
    with pytest.raises(tf.errors.DataLossError, match='too short to be an sstable'):
        tensor_bundle.read(prefix)
    prefix = _copy(tmp_path)
    _flip(prefix + '.data-00000-of-00001', 2)
    with pytest.raises(ValueError, match='Checksum does not match for save_counter/'):
        tf.train.load_checkpoint(prefix)


def test_unsupported_dtype_is_refused_by_name():
    with pytest.raises(TypeError, match="cannot save a datetime64.*TensorFlow's format"):
        tensor_bundle.encode([('t', np.array(['2020-01-01'], dtype='datetime64[D]'))])
