"""tf.train.Example and its parts take their arguments as TF 2.21's protobuf messages do (keywords only, known
fields, a message field as that message or a dict of its fields, iterables for repeated fields, Feature
values in a Features map), with protobuf's errors; a FixedLenFeature / VarLenFeature of a dtype
ParseExampleV2 does not take (tf.int32) is the registry's error eagerly and the graph builder's TypeError in
a Dataset.map. Literals: TF 2.21's output of /work/notes/progs/errors25/p_proto.py and p_parse.py."""
import pytest

import framework as tf

EX = tf.train.Example(features=tf.train.Features(feature={
    'x': tf.train.Feature(float_list=tf.train.FloatList(value=[1.0, 2.0])),
    'n': tf.train.Feature(int64_list=tf.train.Int64List(value=[3]))}))
ser = EX.SerializeToString()


def _outcome(call):
    try:
        result = call()
    except Exception as error:      # noqa: BLE001  (the class is what is compared)
        return type(error).__name__, str(error)
    return 'ok', result if isinstance(result, (str, int, type(None))) else str(result)


PROTO_CASES = [
    (lambda: tf.train.Feature(tf.train.BytesList(value=[b'a'])),
     'TypeError', 'No positional arguments allowed'),
    (lambda: tf.train.Feature(float_list=tf.train.FloatList(value=[1.0]),
                              int64_list=tf.train.Int64List(value=[1])).WhichOneof('kind'),
     'ok', 'int64_list'),
    (lambda: tf.train.Feature(int64_list=tf.train.Int64List(value=[1]),
                              float_list=tf.train.FloatList(value=[1.0])).WhichOneof('kind'),
     'ok', 'float_list'),
    (lambda: tf.train.Feature(float_list={'value': [1.0, 2.0]}),
     'ok', 'float_list {\n  value: 1\n  value: 2\n}\n'),
    (lambda: tf.train.Feature(float_list=[1.0]),
     'TypeError', "Parameter to initialize message field must be dict or instance of same class: expected <class 'te"
                  "nsorflow.core.example.feature_pb2.FloatList'> got <class 'list'>."),
    (lambda: tf.train.Feature(float_list=tf.train.Int64List(value=[1])),
     'TypeError', "Parameter to initialize message field must be dict or instance of same class: expected <class 'te"
                  "nsorflow.core.example.feature_pb2.FloatList'> got <class 'tensorflow.core.example.feature_pb2.Int"
                  "64List'>."),
    (lambda: tf.train.Feature(float_list=None).WhichOneof('kind'),
     'ok', None),
    (lambda: tf.train.Feature(floats=[1.0]),
     'ValueError', 'Protocol message Feature has no "floats" field.'),
    (lambda: tf.train.Feature(float_list=tf.train.FloatList(value=[1.0]), floats=1),
     'ValueError', 'Protocol message Feature has no "floats" field.'),
    (lambda: tf.train.FloatList(values=[1.0]),
     'ValueError', 'Protocol message FloatList has no "values" field.'),
    (lambda: tf.train.FloatList([1.0]),
     'TypeError', 'No positional arguments allowed'),
    (lambda: tf.train.FloatList(value=1.0),
     'TypeError', 'must assign iterable'),
    (lambda: tf.train.Int64List(value=3),
     'TypeError', 'must assign iterable'),
    (lambda: tf.train.BytesList(value=b'ab'),
     'TypeError', 'expected bytes, int found'),
    (lambda: tf.train.Features(feature={'a': 1.0}),
     'TypeError', "Parameter to CopyFrom() must be instance of same class: expected <class 'tensorflow.core.example."
                  "feature_pb2.Feature'> got <class 'float'>."),
    (lambda: tf.train.Features(feature={'a': {'float_list': {'value': [1.0]}}}),
     'ok', 'feature {\n  key: "a"\n  value {\n    float_list {\n      value: 1\n    }\n  }\n}\n'),
    (lambda: tf.train.Features(feature={1: tf.train.Feature()}),
     'TypeError', 'bad argument type for built-in operation'),
    (lambda: tf.train.Features(feature=[1]),
     'TypeError', 'bad argument type for built-in operation'),
    (lambda: tf.train.Features(feature={'a': tf.train.FloatList(value=[1.0])}),
     'TypeError', "Parameter to CopyFrom() must be instance of same class: expected <class 'tensorflow.core.example."
                  "feature_pb2.Feature'> got <class 'tensorflow.core.example.feature_pb2.FloatList'>."),
    (lambda: tf.train.Features({'a': tf.train.Feature()}),
     'TypeError', 'No positional arguments allowed'),
    (lambda: tf.train.Example(features={'a': 1}),
     'ValueError', 'Protocol message Features has no "a" field.'),
    (lambda: tf.train.Example(features={'feature': {'a': tf.train.Feature(int64_list=tf.train.Int64List(value=[1]))}}),
     'ok', 'features {\n  feature {\n    key: "a"\n    value {\n      int64_list {\n        value: 1\n      }\n    }'
           '\n  }\n}\n'),
    (lambda: tf.train.Example(features={'a': tf.train.Feature()}),
     'ValueError', 'Protocol message Features has no "a" field.'),
    (lambda: tf.train.Example(feature={'a': tf.train.Feature()}),
     'ValueError', 'Protocol message Example has no "feature" field.'),
    (lambda: tf.train.Example(features=tf.train.Feature()),
     'TypeError', "Parameter to initialize message field must be dict or instance of same class: expected <class 'te"
                  "nsorflow.core.example.feature_pb2.Features'> got <class 'tensorflow.core.example.feature_pb2.Feat"
                  "ure'>."),
    (lambda: tf.train.Example(tf.train.Features()),
     'TypeError', 'No positional arguments allowed'),
    (lambda: tf.train.Example(features=None),
     'ok', ''),
]


@pytest.mark.parametrize('call, kind, text', PROTO_CASES)
def test_example_messages_take_arguments_as_protobuf(call, kind, text):
    assert _outcome(call) == (kind, text)


PARSE_CASES = [
    (lambda: tf.io.parse_single_example(ser, {'x': tf.io.FixedLenFeature([2], tf.int32)}),
     'InvalidArgumentError', "Value for attr 'Tdense' of int32 is not in the list of allowed values: float, int64, s"
                             'tring\n\t; NodeDef: {{node ParseExampleV2}}; Op<name=ParseExampleV2; signature=seriali'
                             'zed:string, names:string, sparse_keys:string, dense_keys:string, ragged_keys:string, d'
                             'ense_defaults: -> sparse_indices:num_sparse*int64, sparse_values:, sparse_shapes:num_s'
                             'parse*int64, dense_values:, ragged_values:, ragged_row_splits:; attr=Tdense:list(type)'
                             ',min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=num_sparse:int,min=0; attr=sparse'
                             '_types:list(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=ragged_value_typ'
                             'es:list(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=ragged_split_types:l'
                             'ist(type),min=0,allowed=[DT_INT32, DT_INT64]; attr=dense_shapes:list(shape),min=0> [Op'
                             ':ParseExampleV2]'),
    (lambda: tf.io.parse_single_example(ser, {'x': tf.io.FixedLenFeature([2], tf.float64)}),
     'InvalidArgumentError', "Value for attr 'Tdense' of double is not in the list of allowed values: float, int64, "
                             'string\n\t; NodeDef: {{node ParseExampleV2}}; Op<name=ParseExampleV2; signature=serial'
                             'ized:string, names:string, sparse_keys:string, dense_keys:string, ragged_keys:string, '
                             'dense_defaults: -> sparse_indices:num_sparse*int64, sparse_values:, sparse_shapes:num_'
                             'sparse*int64, dense_values:, ragged_values:, ragged_row_splits:; attr=Tdense:list(type'
                             '),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=num_sparse:int,min=0; attr=spars'
                             'e_types:list(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=ragged_value_ty'
                             'pes:list(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=ragged_split_types:'
                             'list(type),min=0,allowed=[DT_INT32, DT_INT64]; attr=dense_shapes:list(shape),min=0> [O'
                             'p:ParseExampleV2]'),
    (lambda: tf.io.parse_example([ser], {'n': tf.io.FixedLenFeature([1], tf.int32)}),
     'InvalidArgumentError', "Value for attr 'Tdense' of int32 is not in the list of allowed values: float, int64, s"
                             'tring\n\t; NodeDef: {{node ParseExampleV2}}; Op<name=ParseExampleV2; signature=seriali'
                             'zed:string, names:string, sparse_keys:string, dense_keys:string, ragged_keys:string, d'
                             'ense_defaults: -> sparse_indices:num_sparse*int64, sparse_values:, sparse_shapes:num_s'
                             'parse*int64, dense_values:, ragged_values:, ragged_row_splits:; attr=Tdense:list(type)'
                             ',min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=num_sparse:int,min=0; attr=sparse'
                             '_types:list(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=ragged_value_typ'
                             'es:list(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=ragged_split_types:l'
                             'ist(type),min=0,allowed=[DT_INT32, DT_INT64]; attr=dense_shapes:list(shape),min=0> [Op'
                             ':ParseExampleV2]'),
    (lambda: tf.io.parse_single_example(ser, {'n': tf.io.VarLenFeature(tf.int32)}),
     'InvalidArgumentError', "Value for attr 'sparse_types' of int32 is not in the list of allowed values: float, in"
                             't64, string\n\t; NodeDef: {{node ParseExampleV2}}; Op<name=ParseExampleV2; signature=s'
                             'erialized:string, names:string, sparse_keys:string, dense_keys:string, ragged_keys:str'
                             'ing, dense_defaults: -> sparse_indices:num_sparse*int64, sparse_values:, sparse_shapes'
                             ':num_sparse*int64, dense_values:, ragged_values:, ragged_row_splits:; attr=Tdense:list'
                             '(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=num_sparse:int,min=0; attr='
                             'sparse_types:list(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=ragged_val'
                             'ue_types:list(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=ragged_split_t'
                             'ypes:list(type),min=0,allowed=[DT_INT32, DT_INT64]; attr=dense_shapes:list(shape),min='
                             '0> [Op:ParseExampleV2]'),
    (lambda: tf.io.parse_single_example(ser, {'n': tf.io.FixedLenFeature([1], tf.int64),
                                              'x': tf.io.FixedLenFeature([2], tf.int32)}),
     'InvalidArgumentError', "Value for attr 'Tdense' of int32 is not in the list of allowed values: float, int64, s"
                             'tring\n\t; NodeDef: {{node ParseExampleV2}}; Op<name=ParseExampleV2; signature=seriali'
                             'zed:string, names:string, sparse_keys:string, dense_keys:string, ragged_keys:string, d'
                             'ense_defaults: -> sparse_indices:num_sparse*int64, sparse_values:, sparse_shapes:num_s'
                             'parse*int64, dense_values:, ragged_values:, ragged_row_splits:; attr=Tdense:list(type)'
                             ',min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=num_sparse:int,min=0; attr=sparse'
                             '_types:list(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=ragged_value_typ'
                             'es:list(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=ragged_split_types:l'
                             'ist(type),min=0,allowed=[DT_INT32, DT_INT64]; attr=dense_shapes:list(shape),min=0> [Op'
                             ':ParseExampleV2]'),
    (lambda: list(tf.data.Dataset.from_tensors(ser).map(
        lambda s: tf.io.parse_single_example(s, {'x': tf.io.FixedLenFeature([2], tf.int32)}))),
     'TypeError', 'in user code:\n\n    File "/work/notes/progs/errors25/p_parse.py", line 20, in None  *\n        l'
                  "ambda s: tf.io.parse_single_example(s, {'x': tf.io.FixedLenFeature([2], tf.int32)})\n\n    TypeEr"
                  "ror: Value passed to parameter 'dense_defaults' has DataType int32 not in list of allowed values:"
                  ' float32, int64, string\n'),
]


@pytest.mark.parametrize('call, kind, text', PARSE_CASES)
def test_parse_dtypes_the_kernel_refuses(call, kind, text):
    got_kind, got_text = _outcome(call)
    if 'in user code' in text:      # a Dataset.map's trace: compare the error's own last line
        text, got_text = text.strip().splitlines()[-1], got_text.strip().splitlines()[-1]
    assert (got_kind, got_text) == (kind, text)


WRITE_TEXT = ('write(): incompatible function arguments. The following argument types are supported:\n    1. (self: '
              'tensorflow.python.lib.io._pywrap_record_io.RecordWriter, record: str) -> None\n\nInvoked with: '
              '<tensorflow.python.lib.io.tf_record.TFRecordWriter object at 0xADDR>, ')


@pytest.mark.parametrize('record, shown', [
    (tf.train.Example(features=tf.train.Features(feature={'n': tf.train.Feature(
        int64_list=tf.train.Int64List(value=[3]))})),
     'features {\n  feature {\n    key: "n"\n    value {\n      int64_list {\n        value: 3\n      }\n    }\n  }\n}\n'),
    (tf.constant(b'ab'), "<tf.Tensor: shape=(), dtype=string, numpy=b'ab'>"),
    (None, 'None'), (1.5, '1.5'), ([b'a'], "[b'a']"),
])
def test_tfrecord_writer_takes_bytes_only(tmp_path, record, shown):
    # TF 2.21: the Example not yet serialized (the usual slip), a tensor, None, a number, a list
    import re
    writer = tf.io.TFRecordWriter(str(tmp_path / 'a.tfrecord'))
    with pytest.raises(TypeError) as caught:
        writer.write(record)
    assert re.sub('0x[0-9a-f]+', '0xADDR', str(caught.value)) == WRITE_TEXT + shown
    writer.write(bytearray(b'ab'))
    writer.close()


def test_parse_tensor_of_another_dtype_is_the_kernels_error():
    # TF 2.21: ' name: ' after a tensor argument, none after Python bytes
    frame = '{{function_node __wrapped__ParseTensor_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
    serialized = tf.io.serialize_tensor(tf.ones(2))
    for given, tail in ((serialized, ' name: '), (serialized.numpy(), '')):
        with pytest.raises(tf.errors.InvalidArgumentError) as caught:
            tf.io.parse_tensor(given, tf.int32)
        assert str(caught.value) == (frame + 'Type mismatch between parsed tensor (float) and dtype (int32) '
                                     '[Op:ParseTensor]' + tail)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'\(int64\) and dtype \(double\)'):
        tf.io.parse_tensor(tf.io.serialize_tensor(tf.constant([1, 2], tf.int64)), tf.float64)


def test_parse_of_a_non_string_tensor_is_the_conversion_error():
    # TF 2.21: parse ops convert serialized to a string tensor first
    spec = {'x': tf.io.FixedLenFeature([2], tf.float32)}
    with pytest.raises(ValueError) as caught:
        tf.io.parse_single_example(tf.constant(1.0), spec)
    assert str(caught.value) == ('Tensor conversion requested dtype string for Tensor with dtype float32: '
                                 '<tf.Tensor: shape=(), dtype=float32, numpy=1.0>')
    with pytest.raises(ValueError) as caught:
        tf.io.parse_example(tf.constant([1, 2]), spec)
    assert str(caught.value) == ('Tensor conversion requested dtype string for Tensor with dtype int32: '
                                 '<tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], dtype=int32)>')
