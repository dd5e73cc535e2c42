"""tf.distribute.InputOptions / InputReplicationMode, as the distributed input tutorial (tensorflow.org,
tutorials/distribute/input) uses them: `distribute_datasets_from_function(dataset_fn,
tf.distribute.InputOptions(experimental_fetch_to_device=False))` raised AttributeError in tapeflow.
Golden texts and outcomes printed by TF 2.21 (/opt/tfref) for
/work/notes/progs/tftutorials11/probe_inopts.py and probe_inopts2.py (one CPU replica)."""
import pytest

import framework as tf

_PER_WORKER = "<InputReplicationMode.PER_WORKER: 'PER_WORKER'>"


def test_options_print_and_default_as_tensorflow():
    options = tf.distribute.InputOptions(experimental_fetch_to_device=False)
    assert repr(options) == ('InputOptions(experimental_fetch_to_device=False, experimental_replication_mode=%s, '
                             'experimental_place_dataset_on_device=False, experimental_per_replica_buffer_size=1)'
                             % _PER_WORKER)
    assert tf.distribute.InputOptions().experimental_fetch_to_device is True      # None means True
    assert isinstance(options, tuple) and options == tf.distribute.InputOptions(experimental_fetch_to_device=False)
    assert [m.value for m in tf.distribute.InputReplicationMode] == ['PER_WORKER', 'PER_REPLICA']
    with pytest.raises(TypeError, match="unexpected keyword argument 'foo'"):
        tf.distribute.InputOptions(foo=1)


def _batches(dist):
    return [b.numpy().tolist() for b in dist]


PER_REPLICA = dict(experimental_replication_mode=tf.distribute.InputReplicationMode.PER_REPLICA)


@pytest.mark.parametrize('kwargs, distribute_dataset, from_function', [
    (PER_REPLICA, 'NotImplementedError: InputReplicationMode.PER_REPLICA is only supported in '
                  '`distribute_datasets_from_function`.', 'ok'),
    (dict(experimental_place_dataset_on_device=True), 'ok',
     'ValueError: When `experimental_place_dataset_on_device` is set for dataset placement, you must also specify '
     '`PER_REPLICA` for the replication mode'),
    (dict(experimental_per_replica_buffer_size=3), 'ok', 'ok'),
    (dict(experimental_fetch_to_device=False), 'ok', 'ok'),
])
def test_mirrored_strategy_takes_and_refuses_options_as_tensorflow(kwargs, distribute_dataset, from_function):
    strategy = tf.distribute.MirroredStrategy()
    ds = tf.data.Dataset.range(4).batch(2)
    options = tf.distribute.InputOptions(**kwargs)
    for call, expected in [(lambda: strategy.experimental_distribute_dataset(ds, options), distribute_dataset),
                           (lambda: strategy.distribute_datasets_from_function(lambda ctx: ds, options),
                            from_function)]:
        try:
            outcome = 'ok' if _batches(call()) == [[0, 1], [2, 3]] else 'wrong batches'
        except (NotImplementedError, ValueError) as err:
            outcome = '%s: %s' % (type(err).__name__, err)
        assert outcome == expected


def test_per_replica_fetch_and_place_on_device_is_refused():
    strategy = tf.distribute.MirroredStrategy()
    options = tf.distribute.InputOptions(experimental_place_dataset_on_device=True, **PER_REPLICA)
    with pytest.raises(ValueError, match='can not be set to True when experimental_fetch_to_device is True'):
        strategy.distribute_datasets_from_function(lambda ctx: tf.data.Dataset.range(2), options)
    options = options._replace(experimental_fetch_to_device=False)
    assert [int(v) for v in strategy.distribute_datasets_from_function(lambda ctx: tf.data.Dataset.range(2),
                                                                        options)] == [0, 1]
