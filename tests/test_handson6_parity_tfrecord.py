"""Géron ch. 13's TFRecord section against TensorFlow 2.21: print(example) shows protobuf's text
format, parse_single_example / parse_example return their dict in TensorFlow's key order and fail
with ParseExampleV2's messages. Golden texts were printed by TF 2.21 (/opt/tfref) for the same calls."""
import pytest

import framework as tf
from framework.train import BytesList, Example, Feature, Features, FloatList, Int64List


def _person():
    return Example(features=Features(feature={
        'name': Feature(bytes_list=BytesList(value=[b'Alice'])),
        'id': Feature(int64_list=Int64List(value=[123])),
        'emails': Feature(bytes_list=BytesList(value=[b'a@b.com', b'c@d.com']))}))


def test_print_example_is_protobuf_text_format():
    assert str(_person()) == (
        'features {\n  feature {\n    key: "name"\n    value {\n      bytes_list {\n        value: "Alice"\n'
        '      }\n    }\n  }\n  feature {\n    key: "id"\n    value {\n      int64_list {\n        value: 123\n'
        '      }\n    }\n  }\n  feature {\n    key: "emails"\n    value {\n      bytes_list {\n'
        '        value: "a@b.com"\n        value: "c@d.com"\n      }\n    }\n  }\n}\n')
    assert repr(_person()) == str(_person())
    # parsing keeps the text (the wire bytes carry the same messages)
    assert str(Example.FromString(_person().SerializeToString())) == str(_person())


def test_text_format_values_as_upb_writes_them():
    floats = Feature(float_list=FloatList(value=[0.1, 2.0, -3.5, 1e-8, 1e20, float('inf'), 123456789., 1 / 3,
                                                 -0.0, float('nan'), 1e-40, 1234567.]))
    assert str(floats) == ('float_list {\n' + ''.join('  value: %s\n' % v for v in (
        '0.1', '2', '-3.5', '1e-08', '1e+20', 'inf', '123456792', '0.333333343', '-0', 'nan', '9.99995e-41',
        '1234567')) + '}\n')
    raw = Feature(bytes_list=BytesList(value=[b'a"b\n\x00\xff', 'é'.encode(), b"it's \\ \t \r \x7f ~ \x1f"]))
    assert str(raw) == ('bytes_list {\n  value: "a\\"b\\n\\000\\377"\n  value: "\\303\\251"\n'
                        '  value: "it\\\'s \\\\ \\t \\r \\177 ~ \\037"\n}\n')
    assert str(Int64List(value=[-5, 2 ** 40])) == 'value: -5\nvalue: 1099511627776\n'
    assert repr(BytesList(value=[b'x'])) == 'value: "x"\n'


def test_empty_messages_print_as_protobuf():
    assert str(Example()) == '' and str(Int64List()) == ''
    assert str(Example(features=Features())) == 'features {\n}\n'      # the field is set, though empty
    assert Example(features=Features()).SerializeToString() == b'\n\x00' and Example().SerializeToString() == b''
    assert str(Example.FromString(Example(features=Features()).SerializeToString())) == 'features {\n}\n'
    assert str(Features(feature={'a': Feature()})) == 'feature {\n  key: "a"\n  value {\n  }\n}\n'


SPECS = {'z': tf.io.FixedLenFeature([6], tf.float32), 'k': tf.io.VarLenFeature(tf.int64),
         'b': tf.io.RaggedFeature(tf.string), 'a': tf.io.FixedLenFeature([], tf.int64, default_value=1),
         'c': tf.io.VarLenFeature(tf.float32)}


def _record():
    return Example(features=Features(feature={
        'z': Feature(float_list=FloatList(value=[0.1, 2.0, -3.5, 1e-8, 1e20, 7.])),
        'b': Feature(bytes_list=BytesList(value=[b'x'])), 'k': Feature(int64_list=Int64List(value=[-5, 2])),
        'e': Feature()})).SerializeToString()


def test_parsed_dict_order_is_sparse_dense_ragged_each_sorted():
    assert list(tf.io.parse_single_example(_record(), SPECS)) == ['c', 'k', 'a', 'z', 'b']
    assert list(tf.io.parse_example([_record()], SPECS)) == ['c', 'k', 'a', 'z', 'b']
    person = tf.io.parse_single_example(_person().SerializeToString(), {
        'name': tf.io.FixedLenFeature([], tf.string, default_value=''),
        'id': tf.io.FixedLenFeature([], tf.int64, default_value=0), 'emails': tf.io.VarLenFeature(tf.string)})
    assert list(person) == ['emails', 'id', 'name']


_NODE = ('{{function_node __wrapped__ParseExampleV2_Tdense_%d_num_sparse_%d_ragged_split_types_%d_ragged_value_types_%d'
         '_sparse_types_%d_device_/job:localhost/replica:0/task:0/device:CPU:0}} ')
_DENSE, _SPARSE, _RAGGED = _NODE % (1, 0, 0, 0, 0), _NODE % (0, 1, 0, 0, 1), _NODE % (0, 0, 1, 1, 0)


@pytest.mark.parametrize('spec, single, batch', [
    ({'x': tf.io.FixedLenFeature([3], tf.float32)},
     _DENSE + 'Feature: x (data type: float) is required but could not be found.',
     _DENSE + 'Name: <unknown>, Feature: x (data type: float) is required but could not be found.'),
    ({'e': tf.io.FixedLenFeature([], tf.string)},     # a Feature with no list counts as missing
     _DENSE + 'Feature: e (data type: string) is required but could not be found.',
     _DENSE + 'Name: <unknown>, Feature: e (data type: string) is required but could not be found.'),
    ({'k': tf.io.FixedLenFeature([], tf.float32)},
     _DENSE + "Key: k.  Data types don't match. Data type: int64 but expected type: float",
     _DENSE + "Name: <unknown>, Key: k, Index: 0.  Data types don't match. Data type: int64 but expected type: float"),
    ({'k': tf.io.FixedLenFeature([3], tf.int64)},
     _DENSE + "Key: k.  Can't parse serialized Example: Some int64_list slice was not parsed.",
     _DENSE + 'Name: <unknown>, Key: k, Index: 0.  Number of int64 values != expected.  Values size: 2 but output '
              'shape: [3]'),
    ({'b': tf.io.FixedLenFeature([2, 2], tf.string)},
     _DENSE + "Key: b.  Can't parse serialized Example: Some bytes_list slice was not parsed.",
     _DENSE + 'Name: <unknown>, Key: b, Index: 0.  Number of bytes values != expected.  Values size: 1 but output '
              'shape: [2,2]'),
    ({'k': tf.io.VarLenFeature(tf.string)},
     _SPARSE + "Key: k.  Data types don't match. Expected type: string, Actual type: int64",
     _SPARSE + "Name: <unknown>, Key: k, Index: 0.  Data types don't match. Expected type: string, Actual type: int64"),
    ({'b': tf.io.RaggedFeature(tf.int64)},
     _RAGGED + "Key: b.  Data types don't match. Expected type: int64, Actual type: string",
     _RAGGED + "Name: <unknown>, Key: b, Index: 0.  Data types don't match. Expected type: int64, Actual type: string"),
])
def test_parse_errors_are_parse_example_v2s(spec, single, batch):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.io.parse_single_example(_record(), spec)
    assert str(info.value) == single + ' [Op:ParseExampleV2]'
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.io.parse_example([_record(), _record()], spec)
    assert str(info.value) == batch + ' [Op:ParseExampleV2]'


def test_batch_errors_name_the_record():
    good = Example(features=Features(feature={'k': Feature(float_list=FloatList(value=[1.]))})).SerializeToString()
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Name: second, Key: k, Index: 1\.  Data types'):
        tf.io.parse_example([good, _record()], {'k': tf.io.FixedLenFeature([], tf.float32)},
                            example_names=['first', 'second'])
