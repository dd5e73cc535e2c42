"""The custom-training walkthrough's input pipeline: tf.data.experimental.make_csv_dataset with
its defaults (prefetch_buffer_size=None, which TF reads as AUTOTUNE; refused here after a
stricter prefetch check) and a shuffle_seed, pinned to TF 2.21
(notes/progs/tftutorials2/csvpin_tf.py)."""
import framework as tf

ROWS = ['%.1f,%d.0,%d.5,0.%d,%d' % (i * 0.1, i % 7, (i * 3) % 11, i % 10, i % 3) for i in range(40)]
NAMES = ['f1', 'f2', 'f3', 'f4', 'species']


def _csv(tmp_path):
    path = tmp_path / 'small.csv'
    path.write_text('40,4,a,b,c\n' + '\n'.join(ROWS) + '\n')
    return str(path)


def test_make_csv_dataset_with_a_shuffle_seed(tmp_path):
    tf.random.set_seed(None)        # TF's run had no global seed: the shuffle's seeds are (87654321, 5)
    ds = tf.data.experimental.make_csv_dataset(_csv(tmp_path), 8, column_names=NAMES, label_name='species',
                                               num_epochs=1, shuffle_seed=5)
    got = [(labels.numpy().tolist(), features['f1'].numpy().tolist()) for features, labels in ds.take(2)]
    assert got == [([2, 0, 1, 2, 1, 1, 0, 1], [0.5, 0.30000001192092896, 0.699999988079071, 0.800000011920929,
                                               3.700000047683716, 3.0999999046325684, 0.0, 0.4000000059604645]),
                   ([0, 1, 2, 0, 2, 1, 1, 2], [3.299999952316284, 1.600000023841858, 0.20000000298023224,
                                               0.6000000238418579, 2.9000000953674316, 2.799999952316284,
                                               1.2999999523162842, 1.7000000476837158])]


def test_make_csv_dataset_defaults_and_prefetch_none(tmp_path):
    ds = tf.data.experimental.make_csv_dataset(_csv(tmp_path), 32, column_names=NAMES, label_name='species',
                                               num_epochs=1)
    assert sorted(v for _, labels in ds for v in labels.numpy().tolist()) == sorted(i % 3 for i in range(40))
    assert [int(v) for v in tf.data.Dataset.range(3).prefetch(None)] == [0, 1, 2]     # TF 2.21 accepts None
