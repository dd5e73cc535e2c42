"""Hashing, Discretization and the string hashes behind them, against Keras 3.15 / TensorFlow 2.21.

The hash values are what ``tf.strings.to_hash_bucket_fast`` (FarmHash
Fingerprint64) and ``to_hash_bucket_strong`` (SipHash-2-4) gave for these
strings with 2**63 - 1 buckets; the layer outputs are what keras 3.15 printed
for the same calls. All pasted as literals.
"""
import numpy as np
import pytest

import framework as tf
import layers as L
from framework.string_hashes import fingerprint64, siphash24

STRINGS = [b'', b'a', b'abc', b'hello', b'12345678', b'sixteen bytes!!!', b'a' * 17, b'The quick brown fox jumps over',
           b'x' * 40, b'0123456789' * 7, bytes(range(200))]       # every length branch of Fingerprint64
BUCKETS = 2 ** 63 - 1
FAST = [1936946117179621456, 3694432073954588132, 2640714258260161385, 3786372426573024489, 3430003927990384362,
        3209104202776360359, 8368438090366496324, 7446843511751553115, 7780224193200209045, 5261878338456922136,
        525935771297148851]
STRONG_1_2 = [443797209252341628, 5158252350249958646, 5862226954915230110, 2957200328589801622, 6508726819379278012,
              2585362439474209735, 2642128026511501847, 4751119376536084788, 5231829118318405120, 5419353591628148479,
              8730209426642355903]
STRONG_BIG = [524298954137865443, 211721542139875779, 3341855504624993424, 8349120173804358510, 4129118248651460237,
              8807772715328436174, 6219729635021165149, 8100599321025804982, 1475159063246258883, 8639493301509468528,
              3909855626723354018]


def test_fingerprint64_matches_tensorflow_for_every_length_branch():
    assert [fingerprint64(s) % BUCKETS for s in STRINGS] == FAST


@pytest.mark.parametrize('key, expected', [((1, 2), STRONG_1_2), ((2 ** 62 + 3, 77), STRONG_BIG)])
def test_siphash24_matches_tensorflow(key, expected):
    assert [siphash24(s, *key) % BUCKETS for s in STRINGS] == expected


def test_hashing_bins_as_keras():
    h = L.Hashing(num_bins=7)
    assert h([['a'], ['hello world'], ['']]).numpy().ravel().tolist() == [5, 0, 6]
    assert h([3, 12345, -7]).numpy().tolist() == [2, 6, 2]             # integers hash as their decimal text
    assert h(np.array([2.7, -1.5])).numpy().tolist() == [5, 4]          # floats are truncated to int64 first
    assert h([3]).dtype == tf.int64
    assert L.Hashing(num_bins=7, mask_value='', salt=[13, 42])(['a', 'hello world', '']).numpy().tolist() == [4, 4, 0]
    out = L.Hashing(num_bins=5, mask_value=0, salt=99, output_mode='multi_hot')([[0, 1, 2], [3, 4, 5]])
    assert out.dtype == tf.float32
    assert out.numpy().tolist() == [[1., 1., 0., 0., 1.], [0., 0., 1., 1., 1.]]
    assert L.Hashing(5, salt=99).get_config()['salt'] == [99, 99]


X = (((np.arange(300) * 37) % 101) / 10.0 + np.sin(np.arange(300))).astype(np.float32).reshape(300, 1)


def test_discretization_adapts_to_keras_quantiles():
    d = L.Discretization(num_bins=4)
    d.adapt(X)
    np.testing.assert_allclose(d.bin_boundaries, [2.495804786682129, 4.956460952758789, 7.49871301651001], rtol=1e-6)
    d = L.Discretization(num_bins=5, epsilon=0.05)
    d.adapt([X[:100], X[100:250], X[250:]])           # a list is a list of batches, merged as Keras merges them
    np.testing.assert_allclose(d.bin_boundaries, [2.1361377239227295, 4.021150588989258, 5.962904930114746,
                                                  7.934723854064941], rtol=1e-6)
    d = L.Discretization(num_bins=3, output_mode='one_hot')
    d.adapt(tf.data.Dataset.from_tensor_slices(X[:7]).batch(7))
    np.testing.assert_allclose(d.bin_boundaries, [1.3342747688293457, 4.34204626083374], rtol=1e-6)
    assert d(X[:4]).numpy().tolist() == [[1., 0., 0.], [0., 0., 1.], [0., 0., 1.], [1., 0., 0.]]


def test_discretization_with_boundaries():
    d = L.Discretization(bin_boundaries=[0., 1., 2.])
    out = d([[-1.5, 0.0, 0.5], [1.0, 2.5, 2.0]])
    assert out.dtype == tf.int32 and out.numpy().tolist() == [[0, 1, 1], [2, 3, 3]]
    counted = L.Discretization(bin_boundaries=[0., 1., 2.], output_mode='count')([[-1.5, 0.0, 0.5], [1.0, 2.5, 2.0]])
    assert counted.numpy().tolist() == [[1., 2., 0., 0.], [0., 0., 1., 2.]]


@pytest.mark.parametrize('make, match', [
    (lambda: L.Hashing(0), 'num_bins'), (lambda: L.Hashing(3, salt='x'), 'salt'),
    (lambda: L.Hashing(3, output_mode='tf_idf'), 'output_mode'), (lambda: L.Discretization(), 'num_bins'),
    (lambda: L.Discretization(bin_boundaries=[1.], num_bins=3), 'should not be set'),
    (lambda: L.Discretization(bin_boundaries=[2., 1.])(X), 'sorted'),     # made as in Keras 3; TF's Bucketize refuses
    (lambda: L.Discretization(bin_boundaries=[1.]).adapt(X), 'Cannot adapt a Discretization'),   # Keras 3's words
    (lambda: L.Discretization(bin_boundaries=[1.])(np.array(['a'])), 'expected numbers'),
])
def test_bad_arguments_raise_naming_them(make, match):
    with pytest.raises((ValueError, TypeError), match=match):
        make()


def test_configs_round_trip():
    for layer in (L.Hashing(4, salt=3), L.Hashing(4, output_mode='count'), L.Discretization(bin_boundaries=[0., 1.]),
                  L.Discretization(num_bins=3, epsilon=0.1)):
        config = layer.get_config()
        assert type(layer).from_config(config).get_config() == config
