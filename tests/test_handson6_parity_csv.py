"""Géron ch. 13's CSV pipeline against TensorFlow 2.21: tf.io.decode_csv splits records as DecodeCSV
does (stricter than Python's csv module about quotes) and fails with its kernel's messages. Golden
texts and values were printed by TF 2.21 (/opt/tfref) for the same calls."""
import pytest

import framework as tf

_NODE = '{{function_node __wrapped__DecodeCSV_OUT_TYPE_%d_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('record, defaults, kwargs, text', [
    ('1,,3', [0, tf.constant([], tf.int32), 0], {}, 'Field 1 is required but missing in record 0!'),
    ('1,NA', [0, tf.constant([], tf.int32)], {'na_value': 'NA'}, 'Field 1 is required but missing in record 0!'),
    ('1,2', [0, 0, 0], {}, 'Expect 3 fields but have 2 in record 0'),
    ('1,2,3,4', [0, 0], {}, 'Expect 2 fields but have 4 in record 0'),
    ('', [0], {}, 'Expect 1 fields but have 0 in record 0'),
    ('1,2', [0, 0], {'select_cols': [0, 2]}, 'Expect 2 fields but have 1 in record 0'),
    ('1,x', [0., 0.], {}, 'Field 1 in record 0 is not a valid float: x'),
    ('1,x', [0, tf.constant(0., tf.float64)], {}, 'Field 1 in record 0 is not a valid double: x'),
    ('1,2.5', [0, tf.constant(0, tf.int64)], {}, 'Field 1 in record 0 is not a valid int64: 2.5'),
    ('1,99999999999', [0, 0], {}, 'Field 1 in record 0 is not a valid int32: 99999999999'),
    ('1,0x10', [0, 0], {}, 'Field 1 in record 0 is not a valid int32: 0x10'),
    ('1,1_0', [0, 0], {}, 'Field 1 in record 0 is not a valid int32: 1_0'),
    ('a"b,c', ['', ''], {}, 'Unquoted fields cannot have quotes/CRLFs inside'),
    ('"a"b,c', ['', ''], {}, 'Quote inside a string has to be escaped by another quote'),
    ('"a,b', ['', ''], {}, 'Quoted field has to end with quote followed by delim or end'),
    ('1,2', [[0, 1], 0], {}, 'There should only be 1 default per field but field 0 has 2'),
])
def test_decode_csv_errors_are_decode_csv_kernels(record, defaults, kwargs, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.io.decode_csv(record, record_defaults=defaults, **kwargs)
    assert str(info.value) == _NODE % len(defaults) + text + ' [Op:DecodeCSV]'


def test_a_bool_default_is_refused_by_the_op_attr():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.io.decode_csv('1,2', record_defaults=[tf.constant(True), 0])
    assert str(info.value).startswith("Value for attr 'OUT_TYPE' of bool is not in the list of allowed values: "
                                      "float, double, int32, int64, string\n\t; NodeDef: {{node DecodeCSV}}; ")


@pytest.mark.parametrize('record, defaults, kwargs, expected', [
    ('"a,b",c', ['', ''], {}, [b'a,b', b'c']),
    ('"say ""hi""",x', ['', ''], {}, [b'say "hi"', b'x']),
    ('a"b,c', ['', ''], {'use_quote_delim': False}, [b'a"b', b'c']),
    ('1,2,3', [0, 0], {'select_cols': [0, 2]}, [1, 3]),
    ('1, 2', [0, 0], {}, [1, 2]),                   # strtol skips the blank
    ('1,1e3', [0, 0.], {}, [1, 1000.0]),
    ('4.2,', [0., 7.], {}, [4.2, 7.0]),             # a trailing delimiter is an empty last field
    ('1;2', [0, 0], {'field_delim': ';'}, [1, 2]),
])
def test_decode_csv_splits_as_tensorflow(record, defaults, kwargs, expected):
    values = [v if isinstance(v, bytes) else v.item()
              for v in (t.numpy() for t in tf.io.decode_csv(record, record_defaults=defaults, **kwargs))]
    assert values == pytest.approx(expected) if isinstance(expected[0], float) else values == expected
