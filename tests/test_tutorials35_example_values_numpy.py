"""numpy reads a tf.train value list's ``value`` field in the field's own type, as protobuf's upb
RepeatedScalarContainer does (its ``__array__``). The tfrecord tutorial decodes an Example with
``np.array(getattr(feature, kind).value)``: TF 2.21 gives float32 for a FloatList (tapeflow's plain list
gave float64, so the tutorial printed ``array([1.60477602])`` where TF prints
``array([1.604776], dtype=float32)``). Expected values printed by TF 2.21 (protobuf 7.36.2, upb)."""
import numpy as np

import framework as tf


def _floats(values=None):
    return tf.train.Feature(float_list=tf.train.FloatList(value=values)).float_list.value


def test_float_list_values_read_as_float32():
    values = _floats([0.1, 2.0])
    assert np.array(values).dtype == np.float32
    assert np.asarray(values).dtype == np.float32
    assert repr(np.array(values) * 2) == 'array([0.2, 4. ], dtype=float32)'
    assert np.float64(np.mean(values)) == 1.0499999523162842
    assert np.concatenate([values, values]).dtype == np.float32
    assert np.array([values, values]).dtype == np.float32


def test_the_tutorials_decoded_example_prints_float32():
    example = tf.train.Example(features=tf.train.Features(feature={
        'feature1': tf.train.Feature(int64_list=tf.train.Int64List(value=[1])),
        'feature2': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'dog'])),
        'feature3': tf.train.Feature(float_list=tf.train.FloatList(value=[1.604776])),
    }))
    parsed = tf.train.Example()
    parsed.ParseFromString(example.SerializeToString())
    result = {}
    for key, feature in parsed.features.feature.items():
        kind = feature.WhichOneof('kind')
        result[key] = np.array(getattr(feature, kind).value)
    assert repr(sorted(result.items())) == ("[('feature1', array([1])), ('feature2', array([b'dog'], dtype='|S3')), "
                                            "('feature3', array([1.604776], dtype=float32))]")


def test_empty_lists_and_requested_dtypes():
    assert repr(np.array(_floats())) == 'array([], dtype=float32)'
    assert np.array(_floats(), dtype=np.float64).dtype == np.float64
    assert np.array(tf.train.Int64List().value).dtype == np.int64
    assert repr(np.array(tf.train.Int64List(value=[1, 2]).value)) == 'array([1, 2])'
    assert repr(np.array(tf.train.BytesList().value)) == "array([], dtype='|S1')"
    assert repr(np.array(tf.train.BytesList(value=[b'a\x00']).value)) == "array([b'a'], dtype='|S2')"
    assert str(np.array(_floats([0.1]), dtype=object)) == '[0.10000000149011612]'
    assert str(np.array(_floats([0.1]), dtype='float16')) == '[0.1]'


def test_the_field_stays_a_list():
    values = _floats([0.1])
    values.append(3.0)
    assert values == [0.10000000149011612, 3.0]
    assert repr(values) == '[0.10000000149011612, 3.0]'
    assert np.array(values).dtype == np.float32
