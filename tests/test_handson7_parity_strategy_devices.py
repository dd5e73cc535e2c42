"""tf.distribute strategies name their device as TensorFlow 2.21 does on a one-device machine
(progs/handson7/x06.py under /opt/tfref): Géron's ch. 19 prints ``strategy.extended.worker_devices``
to see where the replicas run; the default strategy has none and says so."""
import pytest

import framework as tf

CPU = '/job:localhost/replica:0/task:0/device:CPU:0'


@pytest.mark.parametrize('make', [
    lambda: tf.distribute.MirroredStrategy(),
    lambda: tf.distribute.MirroredStrategy(devices=['/cpu:0']),
    lambda: tf.distribute.OneDeviceStrategy('/cpu:0'),
])
def test_worker_and_parameter_devices(make):
    strategy = make()
    assert strategy.extended.worker_devices == (CPU,)
    assert strategy.extended.parameter_devices == (CPU,)
    assert strategy.num_replicas_in_sync == 1


def test_default_strategy_has_no_devices():
    default = tf.distribute.get_strategy()
    assert type(default).__name__ == '_DefaultDistributionStrategy'
    assert default.num_replicas_in_sync == 1 and not tf.distribute.has_strategy()
    with pytest.raises(RuntimeError, match=r'^worker_devices\(\) method unsupported by default '
                                           r'tf.distribute.Strategy.$'):
        default.extended.worker_devices
    with pytest.raises(RuntimeError, match=r'^parameter_devices\(\) method unsupported'):
        default.extended.parameter_devices


def test_one_device_strategy_spells_a_gpu_as_tensorflow():
    # only the spelling: no GPU is touched until the scope opens
    assert tf.distribute.OneDeviceStrategy('/gpu:1').extended.worker_devices == (
        '/job:localhost/replica:0/task:0/device:GPU:1',)


def test_mirrored_run_eagerly_logs_tensorflows_overhead_warning(monkeypatch, caplog):
    from framework import distribute
    from framework.tf_logging import FirstN
    monkeypatch.setattr(distribute, '_EAGER_RUN_WARNING', FirstN(5))
    strategy = tf.distribute.MirroredStrategy()
    with caplog.at_level('WARNING', logger='tensorflow'):
        for _ in range(7):          # TF 2.21 (progs/handson7/x08.py): logged the first 5 times only
            assert float(strategy.run(lambda a: a * 2, args=(tf.constant(3.0),))) == 6.0
        strategy.run(tf.function(lambda a: a * 3), args=(tf.constant(1.0),))     # a tf.function: not logged
        tf.function(lambda x: strategy.run(lambda a: a + 1, args=(x,)))(tf.constant(1.0))   # traced: not logged
        tf.distribute.OneDeviceStrategy('/cpu:0').run(lambda a: a, args=(1.0,))       # not Mirrored's
    messages = [r.getMessage() for r in caplog.records if r.name == 'tensorflow']
    assert messages == ['Using MirroredStrategy eagerly has significant overhead currently. We will be working on '
                        'improving this in the future, but for now please wrap `call_for_each_replica` or '
                        '`experimental_run` or `run` inside a tf.function to get the best performance.'] * 5


@pytest.mark.parametrize('ops', ['HierarchicalCopyAllReduce', 'NcclAllReduce', 'ReductionToOneDevice'])
def test_mirrored_strategy_takes_the_all_reduce_choices(ops):
    # Géron ch. 19: MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())
    strategy = tf.distribute.MirroredStrategy(cross_device_ops=getattr(tf.distribute, ops)())
    assert isinstance(strategy.extended.worker_devices, tuple) and strategy.num_replicas_in_sync == 1
    assert isinstance(getattr(tf.distribute, ops)(), tf.distribute.CrossDeviceOps)


def test_central_storage_strategy_lists_its_workers():
    strategy = tf.distribute.experimental.CentralStorageStrategy()
    # TF 2.21 (progs/handson7/x16.py): a list of compute devices, a tuple for the parameters
    assert type(strategy).__name__ == 'CentralStorageStrategy' and strategy.num_replicas_in_sync == 1
    assert strategy.extended.worker_devices == [CPU] and strategy.extended.parameter_devices == (CPU,)
    with strategy.scope():
        assert tf.distribute.get_strategy() is strategy


def test_multi_worker_mirrored_strategy_is_one_worker(monkeypatch, caplog):
    monkeypatch.delenv('TF_CONFIG', raising=False)
    with caplog.at_level('WARNING', logger='tensorflow'):
        strategy = tf.distribute.MultiWorkerMirroredStrategy()
    assert type(strategy).__name__ == 'CollectiveAllReduceStrategy'        # TF's class behind the name
    assert strategy.num_replicas_in_sync == 1 and strategy.extended.worker_devices == (CPU,)
    assert [r.getMessage() for r in caplog.records] == [
        'Collective ops is not configured at program startup. Some performance features may not be enabled.']
    monkeypatch.setenv('TF_CONFIG', '{"cluster": {"worker": ["host1:2222", "host2:2222"]}, '
                                    '"task": {"type": "worker", "index": 0}}')
    with pytest.raises(ValueError, match='TF_CONFIG describes 2 workers'):
        tf.distribute.MultiWorkerMirroredStrategy()


def test_experimental_multi_worker_strategy_logs_its_deprecation(monkeypatch, caplog):
    from framework import deprecation
    monkeypatch.delenv('TF_CONFIG', raising=False)
    monkeypatch.setattr(deprecation, '_warned', set())
    with caplog.at_level('WARNING', logger='tensorflow'):
        strategy = tf.distribute.experimental.MultiWorkerMirroredStrategy()
    assert type(strategy).__name__ == 'CollectiveAllReduceStrategy'
    text = caplog.records[0].getMessage()
    assert text.startswith('From %s:' % __file__) and text.endswith(
        ': _CollectiveAllReduceStrategyExperimental.__init__ (from '
        'tensorflow.python.distribute.collective_all_reduce_strategy) is deprecated and will be removed in a future '
        'version.\nInstructions for updating:\nuse distribute.MultiWorkerMirroredStrategy instead')
