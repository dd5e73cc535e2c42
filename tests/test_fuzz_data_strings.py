"""tf.data, tf.strings, tf.linspace and tf.random.gamma given bad arguments: TensorFlow's classes and
words (golden messages from TF 2.21 for the same calls) instead of Python's re.error, a
ZeroDivisionError / math domain error, or an answer where TF raises."""
import numpy as np
import pytest

import framework as tf

CPU = '/job:localhost/replica:0/task:0/device:CPU:0'


@pytest.mark.parametrize('call, kernel', [
    (lambda: tf.strings.regex_replace('abc', '(', 'x'), 'StaticRegexReplace'),
    (lambda: tf.strings.regex_full_match('abc', '('), 'StaticRegexFullMatch'),
])
def test_a_pattern_that_does_not_parse_is_invalid_argument(call, kernel):
    # TF: InvalidArgumentError '... Invalid pattern: (, error: missing ): ( [Op:StaticRegexReplace]' (RE2's words)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Invalid pattern: \(, error: .*\[Op:%s\]' % kernel):
        call()


def test_linspace_with_a_negative_count_is_ranges_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.linspace(0., 1., -1)                     # gave [0.] before
    assert str(err.value) == ('{{function_node __wrapped__Range_device_%s}} Requires start <= limit when delta > 0: '
                              '1/-1 [Op:Range] name: ' % CPU)
    assert tf.linspace(0., 1., 0).shape == (0,)


def test_gamma_of_non_positive_alpha_draws_as_tf():
    # TF 2.21: tf.random.set_seed(1); tf.random.gamma((3,), [-0.5, 0.0, -2.0, 0.3], seed=2).numpy().tolist()
    tf.random.set_seed(1)
    out = tf.random.gamma((3,), [-0.5, 0.0, -2.0, 0.3], seed=2).numpy()
    np.testing.assert_array_equal(out[:, 0], np.float32([6.046989917755127, 0.09262734651565552, 1.4236198663711548]))
    np.testing.assert_array_equal(out[:, 1], np.float32([1.1754943508222875e-38] * 3))
    assert np.isnan(out[:, 2]).all()
    np.testing.assert_array_equal(out[:, 3], np.float32([0.007046589627861977, 7.14578345650807e-06,
                                                         0.0032510939054191113]))


@pytest.mark.parametrize('call, error, words', [
    # TF: TypeError 'Cannot convert 1 to EagerTensor of dtype bool'; bool('yes') batched with drop_remainder
    (lambda d: d.batch(2, drop_remainder='yes'), TypeError, 'Dataset.batch: drop_remainder must be a bool'),
    (lambda d: d.padded_batch(2, drop_remainder=1), TypeError, 'Dataset.padded_batch: drop_remainder must be a bool'),
    # TF: ValueError 'Argument `func` must be a callable. Received func=None'
    (lambda d: d.flat_map(None), ValueError, 'Dataset.flat_map: map_func must be a callable'),
    (lambda d: d.interleave(None), ValueError, 'Dataset.interleave: map_func must be a callable'),
    (lambda d: d.reduce(0, None), ValueError, 'Dataset.reduce: reduce_func must be a callable'),
    (lambda d: d.scan(0, None), ValueError, 'Dataset.scan: scan_func must be a callable'),
])
def test_dataset_stage_arguments_are_checked_when_the_stage_is_made(call, error, words):
    with pytest.raises(error, match=words):
        call(tf.data.Dataset.range(6))


def test_numpy_bools_still_drop_the_remainder():
    batches = list(tf.data.Dataset.range(6).batch(4, drop_remainder=np.bool_(True)).as_numpy_iterator())
    assert [b.tolist() for b in batches] == [[0, 1, 2, 3]]


def test_a_tfrecord_dataset_over_a_missing_file_raises_not_found():
    # TF: NotFoundError '... /tmp/x.tfrecord; No such file or directory [Op:IteratorGetNext]' (FileNotFoundError before)
    with pytest.raises(tf.errors.NotFoundError, match='No such file or directory'):
        list(tf.data.TFRecordDataset('/tmp/no_such_dir_for_fuzz/missing.tfrecord'))


@pytest.mark.parametrize('call', [lambda: tf.io.decode_png(b'garbage'), lambda: tf.io.decode_image(b'garbage'),
                                  lambda: tf.io.decode_csv(['1,2'], record_defaults=[[0]]),
                                  lambda: tf.io.parse_tensor(b'garbage', tf.float32),
                                  lambda: tf.io.encode_png(np.ones((2, 2), np.uint8))])
def test_bad_image_record_and_proto_data_is_invalid_argument(call):
    # TF: InvalidArgumentError from the DecodePng / DecodeImage / DecodeCSV / ParseTensor / EncodePng kernels;
    # tapeflow raised plain ValueErrors (InvalidArgumentError is still a ValueError)
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    assert isinstance(err.value, ValueError)
