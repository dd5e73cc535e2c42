"""tf.train.SequenceExample / FeatureList / FeatureLists and tf.io.parse_single_sequence_example /
parse_sequence_example / FixedLenSequenceFeature.

Expected texts, bytes, tensors and error texts are TensorFlow 2.21's, printed by the same program under
/opt/tfref/bin/python (TF's map entries come in an unspecified order: goldens use one-entry maps)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

T = tf.train


def I(v):  # noqa: E743
    return T.Feature(int64_list=T.Int64List(value=v))


def FL(v):
    return T.Feature(float_list=T.FloatList(value=v))


def B(v):
    return T.Feature(bytes_list=T.BytesList(value=v))


EXAMPLE = T.SequenceExample(
    context=T.Features(feature={'length': I([3]), 'name': B([b'abc'])}),
    feature_lists=T.FeatureLists(feature_list={
        'tokens': T.FeatureList(feature=[I([1, 2]), I([3, 4]), I([5, 6])]),
        'scores': T.FeatureList(feature=[FL([0.5]), FL([1.5]), FL([2.5])]),
        'words': T.FeatureList(feature=[B([b'a']), B([b'b', b'c']), B([])])}))
DATA = EXAMPLE.SerializeToString()


def _sparse(st):
    return st.indices.numpy().tolist(), st.values.numpy().tolist(), st.dense_shape.numpy().tolist()


def test_text_and_bytes_are_tensorflows():
    one = T.SequenceExample(context=T.Features(feature={'n': I([3])}),
                            feature_lists=T.FeatureLists(feature_list={'w': T.FeatureList(feature=[B([b'a']), B([])])}))
    assert str(one) == ('context {\n  feature {\n    key: "n"\n    value {\n      int64_list {\n        value: 3\n'
                        '      }\n    }\n  }\n}\nfeature_lists {\n  feature_list {\n    key: "w"\n    value {\n'
                        '      feature {\n        bytes_list {\n          value: "a"\n        }\n      }\n'
                        '      feature {\n        bytes_list {\n        }\n      }\n    }\n  }\n}\n')
    assert one.SerializeToString() == (b'\n\x0c\n\n\n\x01n\x12\x05\x1a\x03\n\x01\x03\x12\x12\n\x10\n\x01w\x12\x0b\n\x05\n\x03'
                                       b'\n\x01a\n\x02\n\x00')
    assert T.SequenceExample.FromString(DATA) == EXAMPLE
    assert repr(T.FeatureList(feature=[I([1])])) == 'feature {\n  int64_list {\n    value: 1\n  }\n}\n'
    assert str(T.FeatureLists()) == '' and repr(T.SequenceExample()) == ''


def test_parse_single_sequence_example():
    context, sequences = tf.io.parse_single_sequence_example(
        DATA, context_features={'length': tf.io.FixedLenFeature([], tf.int64), 'name': tf.io.VarLenFeature(tf.string),
                                'missing': tf.io.FixedLenFeature([], tf.int64, default_value=7)},
        sequence_features={'tokens': tf.io.FixedLenSequenceFeature([2], tf.int64),
                           'scores': tf.io.FixedLenSequenceFeature([], tf.float32),
                           'words': tf.io.VarLenFeature(tf.string),
                           'absent': tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True)})
    assert context['length'].numpy() == 3 and context['missing'].numpy() == 7
    assert _sparse(context['name']) == ([[0]], [b'abc'], [1])
    assert sequences['absent'].shape == (0,) and sequences['absent'].dtype == tf.int64
    assert sequences['scores'].numpy().tolist() == [0.5, 1.5, 2.5]
    assert sequences['tokens'].numpy().tolist() == [[1, 2], [3, 4], [5, 6]]
    assert _sparse(sequences['words']) == ([[0, 0], [1, 0], [1, 1]], [b'a', b'b', b'c'], [3, 2])


def test_parse_sequence_example_pads_and_reports_lengths():
    other = T.SequenceExample(feature_lists=T.FeatureLists(feature_list={
        'tokens': T.FeatureList(feature=[I([7, 8])]), 'scores': T.FeatureList(feature=[FL([9.]), FL([1.])]),
        'words': T.FeatureList(feature=[])}))
    context, sequences, lengths = tf.io.parse_sequence_example(
        [DATA, other.SerializeToString()],
        sequence_features={'tokens': tf.io.FixedLenSequenceFeature([2], tf.int64),
                           'scores': tf.io.FixedLenSequenceFeature([], tf.float32),
                           'words': tf.io.VarLenFeature(tf.string)})
    assert context == {}
    assert sequences['scores'].numpy().tolist() == [[0.5, 1.5, 2.5], [9., 1., 0.]]
    assert sequences['tokens'].numpy().tolist() == [[[1, 2], [3, 4], [5, 6]], [[7, 8], [0, 0], [0, 0]]]
    assert _sparse(sequences['words']) == ([[0, 0, 0], [0, 1, 0], [0, 1, 1]], [b'a', b'b', b'c'], [2, 3, 2])
    assert lengths['scores'].numpy().tolist() == [3, 2] and lengths['tokens'].numpy().tolist() == [3, 1]
    assert sorted(lengths) == ['scores', 'tokens']


def test_fixed_len_sequence_feature_repr():
    assert repr(tf.io.FixedLenSequenceFeature([2], tf.int64)) == \
        'FixedLenSequenceFeature(shape=[2], dtype=tf.int64, allow_missing=False, default_value=None)'


@pytest.mark.parametrize('features, text', [
    ({'absent': tf.io.FixedLenSequenceFeature([], tf.int64)},
     "Name: <unknown>, Feature list 'absent' is required but could not be found.  Did you mean to include it in "
     'feature_list_dense_missing_assumed_empty or feature_list_dense_defaults? [Op:ParseSequenceExampleV2]'),
    ({'tokens': tf.io.FixedLenSequenceFeature([3], tf.int64)},
     'Name: <unknown>, Key: tokens, Index: 0.  Number of values != expected.  values size: 2 but output shape: [3] '
     '[Op:ParseSequenceExampleV2]'),
    ({'tokens': tf.io.FixedLenSequenceFeature([2], tf.float32)},
     "Name: <unknown>, Feature list: tokens, Index: 0.  Data types don't match. Expected type: float "
     '[Op:ParseSequenceExampleV2]'),
])
def test_bad_sequences_raise_tensorflows_errors(features, text):
    with pytest.raises(InvalidArgumentError) as info:
        tf.io.parse_single_sequence_example(DATA, sequence_features=features)
    assert str(info.value).endswith(text)


def test_no_features_is_a_value_error():
    with pytest.raises(ValueError, match='^Both context_features and sequence_features are None, but at least one '
                                         'should have values.'):
        tf.io.parse_single_sequence_example(DATA)
