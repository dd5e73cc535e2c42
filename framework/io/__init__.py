"""``tf.io``: files, ``tf.io.gfile``, image codecs, raw and CSV decoding, and TensorProto serialization.

tf.train.Example and its parts are in ``example_proto`` (hand-written protobuf wire format);
TFRecord files are written here (TFRecordWriter) and read by ``tfrecord.read_records``.
"""
from . import gfile  # noqa: F401
from .example_parsing import (FixedLenFeature, RaggedFeature, SparseFeature, VarLenFeature, parse_example,  # noqa: F401
                              parse_single_example)
from .codecs import decode_image, decode_jpeg, encode_jpeg, extract_jpeg_shape, is_jpeg  # noqa: F401
from .bmp import decode_bmp  # noqa: F401
from .files import matching_files, read_file, write_file  # noqa: F401
from .png import decode_png, encode_png  # noqa: F401
from .records import decode_csv, decode_raw  # noqa: F401
from .tensor_proto import parse_tensor, serialize_tensor  # noqa: F401
from .sparse_serialization import deserialize_many_sparse, serialize_many_sparse, serialize_sparse  # noqa: F401,E501
from .json_example import decode_json_example  # noqa: F401
from .sequence_parsing import (FixedLenSequenceFeature, parse_sequence_example,  # noqa: F401
                               parse_single_sequence_example)
from .text_codecs import decode_base64, decode_compressed, encode_base64  # noqa: F401
from .tfrecord import TFRecordOptions, TFRecordWriter  # noqa: F401

__all__ = ['FixedLenFeature', 'RaggedFeature', 'SparseFeature', 'TFRecordOptions', 'TFRecordWriter', 'VarLenFeature',
           'decode_base64', 'decode_bmp',
           'decode_compressed', 'decode_csv', 'decode_image', 'decode_jpeg', 'decode_png', 'decode_raw',
           'encode_base64', 'encode_jpeg', 'encode_png', 'extract_jpeg_shape', 'gfile', 'is_jpeg', 'matching_files', 'parse_example',
           'parse_single_example', 'parse_tensor', 'read_file', 'serialize_tensor', 'write_file', 'serialize_sparse',
           'serialize_many_sparse', 'deserialize_many_sparse', 'FixedLenSequenceFeature', 'parse_sequence_example',
           'parse_single_sequence_example', 'decode_json_example']
