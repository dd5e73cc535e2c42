"""tf.train: Checkpoint save/restore of modules, Keras models and optimizers, the manager, readers, EMA.

Expected behaviour checked against TensorFlow 2.21 (keys, numbering, 'checkpoint' file text,
status errors, EMA values); the files themselves are tapeflow's own format.
"""
import os

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework import train


class Net(tf.Module):
    def __init__(self, scale=1.0):
        super().__init__()
        self.w = tf.Variable(np.array([1.0, 2.0], np.float32) * scale)
        self.b = tf.Variable(3.0 * scale)
        self.table = {'a': tf.Variable(int(scale))}
        self.children_list = [tf.Module(), tf.Variable(np.full((2, 2), scale, np.float32))]


def _values(module):
    return [v.numpy().tolist() for v in module.variables]


def test_module_keys_and_files_match_tensorflow_names(tmp_path):
    ckpt = train.Checkpoint(net=Net(), v=tf.Variable(5.0))
    path = ckpt.save(str(tmp_path / 'ckpt'))
    assert path == str(tmp_path / 'ckpt-1')
    assert sorted(os.listdir(tmp_path)) == ['checkpoint', 'ckpt-1.data-00000-of-00001', 'ckpt-1.index']
    # TF 2.21 writes exactly these keys for this object graph (tf.train.list_variables)
    assert train.list_variables(path) == [
        ('_CHECKPOINTABLE_OBJECT_GRAPH', []), ('net/b/.ATTRIBUTES/VARIABLE_VALUE', []),
        ('net/children_list/1/.ATTRIBUTES/VARIABLE_VALUE', [2, 2]),
        ('net/table/a/.ATTRIBUTES/VARIABLE_VALUE', []), ('net/w/.ATTRIBUTES/VARIABLE_VALUE', [2]),
        ('save_counter/.ATTRIBUTES/VARIABLE_VALUE', []), ('v/.ATTRIBUTES/VARIABLE_VALUE', [])]
    assert (tmp_path / 'checkpoint').read_text() == \
        'model_checkpoint_path: "ckpt-1"\nall_model_checkpoint_paths: "ckpt-1"\n'
    reader = train.load_checkpoint(str(tmp_path))
    assert reader.get_tensor('v/.ATTRIBUTES/VARIABLE_VALUE') == 5.0
    assert reader.get_variable_to_dtype_map()['save_counter/.ATTRIBUTES/VARIABLE_VALUE'] == tf.int64


def test_restore_brings_back_values_and_counter(tmp_path):
    saved = train.Checkpoint(net=Net(2.0))
    saved.save(str(tmp_path / 'ckpt'))
    path = saved.save(str(tmp_path / 'ckpt'))
    assert path.endswith('ckpt-2') and train.latest_checkpoint(str(tmp_path)) == path
    fresh = Net()
    restored = train.Checkpoint(net=fresh)
    status = restored.restore(train.latest_checkpoint(str(tmp_path)))
    # TF 2.21: a fresh Checkpoint's save_counter takes the saved count, so everything is consumed
    status.assert_consumed().assert_existing_objects_matched().assert_nontrivial_match()
    assert _values(fresh) == _values(saved.net)
    assert int(restored.save_counter.numpy()) == 2
    assert restored.save(str(tmp_path / 'ckpt')).endswith('ckpt-3')


def test_status_reports_missing_variables_and_bad_shapes(tmp_path):
    path = train.Checkpoint(v=tf.Variable(1.0)).write(str(tmp_path / 'w'))
    assert path == str(tmp_path / 'w') and not (tmp_path / 'checkpoint').exists()
    status = train.Checkpoint(v=tf.Variable(0.0), extra=tf.Variable(2.0)).read(path)
    with pytest.raises(AssertionError, match='extra'):
        status.assert_existing_objects_matched()
    assert status.expect_partial() is status
    with pytest.raises(ValueError, match=r'incompatible tensor with shape \(\) .* shape \(2,\)'):
        train.Checkpoint(v=tf.Variable([1.0, 2.0])).restore(path)
    # TF 2.21's text, listing the program's variables nothing restored (the save counter too: restore makes it)
    with pytest.raises(AssertionError, match=r"^Nothing except the root object matched a checkpointed value\. .*"
                       r"\[<tf\.Variable 'Variable:0' shape=\(\) dtype=float32, numpy=1\.0>, "
                       r"<tf\.Variable 'save_counter:0' shape=\(\) dtype=int64, numpy=0>\]$"):
        train.Checkpoint(other=tf.Variable(1.0)).restore(path).assert_nontrivial_match()
    with pytest.raises(AssertionError, match='save_path=None'):
        train.Checkpoint(v=tf.Variable(1.0)).restore(None).assert_consumed()
    with pytest.raises(tf.errors.NotFoundError, match='nothere'):
        train.Checkpoint(v=tf.Variable(1.0)).restore(str(tmp_path / 'nothere'))
    with pytest.raises(ValueError, match='expecting v to be a trackable object'):
        train.Checkpoint(v=3)


def test_interrupted_save_keeps_previous_checkpoint(tmp_path, monkeypatch):
    v = tf.Variable(1.0)
    ckpt = train.Checkpoint(v=v)
    path = ckpt.write(str(tmp_path / 'w'))
    v.assign(7.0)

    def crash(*args, **kwargs):
        raise OSError('disk full')
    monkeypatch.setattr(os, 'replace', crash)       # the new data file never takes the old one's place
    with pytest.raises(OSError, match='disk full'):
        ckpt.write(path)
    monkeypatch.undo()
    assert sorted(os.listdir(tmp_path)) == ['w.data-00000-of-00001', 'w.index']    # no stray temporaries
    assert train.load_checkpoint(path).get_tensor('v/.ATTRIBUTES/VARIABLE_VALUE') == 1.0


def _trained_model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(1)])
    optimizer = keras.optimizers.Adam(0.1)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(tf.ones((2, 3))))
    optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
    return model, optimizer


def _step(model, optimizer):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(tf.ones((2, 3))))
    optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))


def test_keras_model_and_optimizer_slots_round_trip(tmp_path):
    model, optimizer = _trained_model()
    path = train.Checkpoint(model=model, optimizer=optimizer).save(str(tmp_path / 'ckpt'))
    keys = [k for k, _ in train.list_variables(path)]
    # TF 2.21 + Keras 3's keys: trainable weights first reached through the optimizer's list of them,
    # the slots in the optimizer's variable list after iterations and learning rate
    assert 'optimizer/_trainable_variables/0/.ATTRIBUTES/VARIABLE_VALUE' in keys
    assert 'optimizer/_variables/2/.ATTRIBUTES/VARIABLE_VALUE' in keys
    assert 'optimizer/_iterations/.ATTRIBUTES/VARIABLE_VALUE' in keys
    assert not [k for k in keys if k.startswith('model/')]
    # A fresh optimizer that never stepped: its slots are restored when its first step builds them
    # (TF defers them: assert_consumed fails until then).
    model2 = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(1)])
    optimizer2 = keras.optimizers.Adam(0.1)
    status = train.Checkpoint(model=model2, optimizer=optimizer2).restore(path)
    status.assert_existing_objects_matched()
    with pytest.raises(AssertionError, match=r'optimizer/_variables/2'):
        status.assert_consumed()
    assert int(optimizer2.iterations.numpy()) == 1 and len(optimizer2.variables) == 2
    _step(model, optimizer)
    _step(model2, optimizer2)
    status.assert_consumed()
    for a, b in zip(model.variables + optimizer.variables, model2.variables + optimizer2.variables, strict=True):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


def test_unbuilt_keras_model_restores_when_it_builds(tmp_path):
    model, _ = _trained_model()
    path = train.Checkpoint(model=model).write(str(tmp_path / 'w'))
    later = keras.Sequential([keras.layers.Dense(2), keras.layers.Dense(1)])     # no Input: not built
    assert not later.built
    status = train.Checkpoint(model=later).read(path)    # write's pair (restore would add a save_counter)
    with pytest.raises(AssertionError, match='model/_functional/_operations/1/_kernel'):
        status.assert_consumed()               # TF 2.21 too: the values wait for the weights
    x = tf.constant(np.arange(6, dtype=np.float32).reshape(2, 3))
    np.testing.assert_array_equal(later(x).numpy(), model(x).numpy())     # the first call already restored
    status.assert_consumed()


def test_manager_numbers_keeps_and_recovers(tmp_path):
    ckpt = train.Checkpoint(v=tf.Variable(1.0))
    directory = str(tmp_path / 'm')
    manager = train.CheckpointManager(ckpt, directory, max_to_keep=2)
    # TF 2.21: ckpt-1, then ckpt-10 (counter still advances to 2), then ckpt-3
    paths = [manager.save(), manager.save(checkpoint_number=10), manager.save()]
    assert [os.path.basename(p) for p in paths] == ['ckpt-1', 'ckpt-10', 'ckpt-3']
    assert manager.checkpoints == paths[1:] and manager.latest_checkpoint == paths[2]
    assert sorted(os.listdir(directory)) == ['checkpoint', 'ckpt-10.data-00000-of-00001', 'ckpt-10.index',
                                             'ckpt-3.data-00000-of-00001', 'ckpt-3.index']
    again = train.CheckpointManager(ckpt, directory, max_to_keep=2)
    assert again.checkpoints == paths[1:]
    assert train.latest_checkpoint(directory) == paths[2]
    assert train.latest_checkpoint(str(tmp_path / 'empty')) is None
    with pytest.raises(ValueError, match='max_to_keep'):
        train.CheckpointManager(ckpt, directory, max_to_keep=0)


def test_manager_restore_or_initialize(tmp_path):
    calls = []
    v = tf.Variable(4.0)
    manager = train.CheckpointManager(train.Checkpoint(v=v), str(tmp_path), max_to_keep=None,
                                      init_fn=lambda: calls.append(1))
    assert manager.restore_or_initialize() is None and calls == [1]
    manager.save()
    v.assign(0.0)
    assert manager.restore_or_initialize() == manager.latest_checkpoint and v.numpy() == 4.0


def test_exponential_moving_average_matches_tensorflow():
    ema = train.ExponentialMovingAverage(0.9)
    v = tf.Variable(1.0)
    assert ema.apply([v]) is None
    v.assign(2.0)
    ema.apply([v])
    # 1 - 0.1 * (1 - 2) = 1.1 (TF 2.21 gives 1.1)
    np.testing.assert_allclose(ema.average(v).numpy(), 1.1, rtol=1e-6)
    assert ema.average_name(v) == 'Variable/ExponentialMovingAverage'
    counted = train.ExponentialMovingAverage(0.9, num_updates=tf.Variable(2))
    w = tf.Variable(1.0)
    counted.apply([w])
    w.assign(2.0)
    counted.apply([w])
    # decay = min(0.9, 3 / 12) = 0.25: 1 - 0.75 * (1 - 2) = 1.75 (TF 2.21 gives 1.75)
    np.testing.assert_allclose(counted.average(w).numpy(), 1.75, rtol=1e-6)
    assert counted.average(tf.Variable(0.0)) is None
    with pytest.raises(TypeError, match='float Variables'):
        ema.apply([tf.constant(1.0)])
    with pytest.raises(ValueError, match='decay'):
        train.ExponentialMovingAverage(1.5)


def test_tf_train_is_reachable_from_the_package():
    assert tf.train.Checkpoint is train.Checkpoint


def test_load_variable_and_checkpoints_iterator(tmp_path):
    ckpt = train.Checkpoint(v=tf.Variable(2.5))
    assert list(train.checkpoints_iterator(str(tmp_path), timeout=0)) == []
    first = ckpt.save(str(tmp_path / 'ckpt'))
    assert train.load_variable(str(tmp_path), 'v/.ATTRIBUTES/VARIABLE_VALUE') == 2.5
    timeouts = []

    def save_once_then_stop():
        timeouts.append(1)
        if len(timeouts) == 1:
            ckpt.save(str(tmp_path / 'ckpt'))
            return False
        return True
    seen = list(train.checkpoints_iterator(str(tmp_path), timeout=0, timeout_fn=save_once_then_stop))
    assert seen == [first, str(tmp_path / 'ckpt-2')] and len(timeouts) == 2
    with pytest.raises(ValueError, match='min_interval_secs'):
        next(train.checkpoints_iterator(str(tmp_path), min_interval_secs=-1))


class TwoDense(keras.Model):
    def __init__(self):
        super().__init__()
        self.first = keras.layers.Dense(4)
        self.second = keras.layers.Dense(1)

    def call(self, x):
        return self.second(self.first(x))


def test_subclassed_model_after_fit_restores_into_an_unbuilt_one(tmp_path):
    model = TwoDense()
    model.compile(optimizer='adam', loss='mse')
    model.fit(np.ones((4, 3), np.float32), np.ones((4, 1), np.float32), epochs=1, verbose=0)
    path = train.Checkpoint(model=model).write(str(tmp_path / 'w'))
    assert 'model/optimizer/_iterations/.ATTRIBUTES/VARIABLE_VALUE' in dict(train.list_variables(path))
    fresh = TwoDense()
    fresh.compile(optimizer='adam', loss='mse')
    status = train.Checkpoint(model=fresh).read(path)   # weights and slots wait for their builds
    x = tf.constant(np.arange(6, dtype=np.float32).reshape(2, 3))
    fresh(x)
    # TwoDense has no build(): Keras 3 builds it by a symbolic run, where TF 2.21 loses the first weight's
    # value (layers/lost_restore.py; /work/notes/progs/lead44/two.py): `first` is built again with its
    # initializer's kernel, the aborted copy listed first; the other weights and the iterations arrive
    assert len(fresh.weights) == 5 and fresh.weights[0].path == fresh.weights[1].path
    assert not np.array_equal(fresh.first.kernel.numpy(), model.first.kernel.numpy())
    for name in ('first', 'second'):
        np.testing.assert_array_equal(getattr(fresh, name).bias.numpy(), getattr(model, name).bias.numpy())
    np.testing.assert_array_equal(fresh.second.kernel.numpy(), model.second.kernel.numpy())
    assert int(fresh.optimizer.iterations.numpy()) == 1
    fresh.fit(np.ones((4, 3), np.float32), np.ones((4, 1), np.float32), epochs=1, verbose=0)
    # Adam's 12 variables pair by index with the 10 saved: the aborted kernel's two slots get the saved
    # kernel's; the rest differ in shape and start from zeros
    assert len(fresh.optimizer.variables) == 12
    np.testing.assert_array_equal(fresh.optimizer.variables[2].numpy(), model.optimizer.variables[2].numpy())
    with pytest.raises(AssertionError, match='checkpoint_key: "model/first/_kernel/.ATTRIBUTES/VARIABLE_VALUE"'):
        status.assert_consumed()


def test_unreadable_or_mismatched_files_are_named(tmp_path):
    first = train.Checkpoint(v=tf.Variable(1.0)).write(str(tmp_path / 'a'))
    other = train.Checkpoint(v=tf.Variable(2.0)).write(str(tmp_path / 'b'))
    os.replace(other + '.data-00000-of-00001', first + '.data-00000-of-00001')     # data of another save
    with pytest.raises(tf.errors.DataLossError, match='Checksum does not match for v/'):
        train.load_checkpoint(first)
    (tmp_path / 'tf.index').write_bytes(b'\x00\x01TensorBundle')                       # neither format
    with pytest.raises(ValueError, match='neither a tapeflow checkpoint index nor a TensorFlow TensorBundle'):
        train.load_checkpoint(str(tmp_path / 'tf'))
    (tmp_path / 'empty_dir').mkdir()
    with pytest.raises(ValueError, match="Couldn't find 'checkpoint' file"):
        train.load_checkpoint(str(tmp_path / 'empty_dir'))
    third = train.Checkpoint(v=tf.Variable(3.0)).write(str(tmp_path / 'c'))
    with pytest.raises(tf.errors.NotFoundError, match='Key nope not found'):
        train.load_checkpoint(third).get_tensor('nope')


def test_training_checkpoints_guide_keys_and_partial_restore(tmp_path):
    # The 'Training checkpoints' guide: a subclassed model's Dense in self.first saves under
    # 'net/first/_kernel' and 'net/first/bias' (TF 2.21 + Keras 3's names), so a graph of
    # plain Checkpoints with the same path restores one of them.
    net = TwoDense()
    net(tf.ones((1, 3)))
    net.first.bias.assign([1.0, 2.0, 3.0, 4.0])
    optimizer = keras.optimizers.Adam(0.1)
    step = tf.Variable(1)
    manager = train.CheckpointManager(train.Checkpoint(step=step, optimizer=optimizer, net=net),
                                      str(tmp_path), max_to_keep=3)
    manager.save()
    keys = dict(train.list_variables(str(tmp_path)))
    assert keys['net/first/_kernel/.ATTRIBUTES/VARIABLE_VALUE'] == [3, 4]
    assert keys['net/first/bias/.ATTRIBUTES/VARIABLE_VALUE'] == [4]
    to_restore = tf.Variable(tf.zeros([4]))
    root = train.Checkpoint(net=train.Checkpoint(first=train.Checkpoint(bias=to_restore)))
    root.restore(train.latest_checkpoint(str(tmp_path))).assert_existing_objects_matched()
    np.testing.assert_array_equal(to_restore.numpy(), [1.0, 2.0, 3.0, 4.0])


def test_checkpoint_options(tmp_path):
    model, optimizer = _trained_model()
    written = []
    options = train.CheckpointOptions(experimental_skip_slot_variables=True,
                                      experimental_write_callbacks=[written.append, lambda: written.append('done')])
    ckpt = train.Checkpoint(model=model, optimizer=optimizer)
    path = ckpt.save(str(tmp_path / 'ckpt'), options=options)
    assert written == [path, 'done']
    keys = [k for k, _ in train.list_variables(path)]
    assert keys and not [k for k in keys if '.OPTIMIZER_SLOT' in k]
    assert 'optimizer/_iterations/.ATTRIBUTES/VARIABLE_VALUE' in keys
    status = train.Checkpoint(model=model, optimizer=optimizer).restore(path, options=options)
    status.assert_consumed()
    ckpt.sync()
    with pytest.raises(ValueError, match='sharding_callback'):
        train.CheckpointOptions(experimental_sharding_callback=lambda: None)
    with pytest.raises(TypeError, match='options must be a tf.train.CheckpointOptions'):
        ckpt.write(str(tmp_path / 'w'), options={'skip': True})


def test_device_variables_round_trip(tmp_path, backend):
    # Saved from the device through the host; restored in place, so each variable stays on its device.
    v = tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3))
    assert backend.holds(v)
    path = train.Checkpoint(v=v).write(str(tmp_path / 'w'))
    target = tf.Variable(np.zeros((2, 3), np.float32))
    train.Checkpoint(v=target).read(path).assert_consumed()
    assert backend.holds(target)
    np.testing.assert_array_equal(target.numpy(), np.arange(6).reshape(2, 3))
    holder = tf.Module()
    holder.v = v
    tf.saved_model.save(holder, str(tmp_path / 'sm'))
    loaded = tf.saved_model.load(str(tmp_path / 'sm'))
    assert backend.holds(loaded.v)
    np.testing.assert_array_equal(loaded.v.numpy(), v.numpy())


TF_CHECKPOINT = os.path.join(os.path.dirname(__file__), 'data', 'tf_checkpoint')


class TFNet(tf.Module):
    """The module tests/data/make_tf_checkpoint.py saved with TensorFlow 2.21."""

    def __init__(self):
        super().__init__()
        self.w = tf.Variable(np.zeros(3, np.float32))
        self.b = tf.Variable(np.zeros((2, 2)))
        self.n = tf.Variable(np.int64(0))
        self.h = tf.Variable(np.zeros(2, np.int32))
        self.f16 = tf.Variable(np.zeros(1, np.float16))
        self.flag = tf.Variable(False)


def test_reads_a_tensorflow_written_checkpoint():
    path = train.latest_checkpoint(TF_CHECKPOINT)
    assert path == os.path.join(TF_CHECKPOINT, 'ckpt-1')
    assert train.list_variables(path) == [
        ('_CHECKPOINTABLE_OBJECT_GRAPH', []), ('net/b/.ATTRIBUTES/VARIABLE_VALUE', [2, 2]),
        ('net/f16/.ATTRIBUTES/VARIABLE_VALUE', [1]), ('net/flag/.ATTRIBUTES/VARIABLE_VALUE', []),
        ('net/h/.ATTRIBUTES/VARIABLE_VALUE', [2]), ('net/n/.ATTRIBUTES/VARIABLE_VALUE', []),
        ('net/w/.ATTRIBUTES/VARIABLE_VALUE', [3]), ('net/words/.ATTRIBUTES/VARIABLE_VALUE', [3]),
        ('save_counter/.ATTRIBUTES/VARIABLE_VALUE', [])]
    reader = train.load_checkpoint(TF_CHECKPOINT)
    assert reader.get_tensor('net/words/.ATTRIBUTES/VARIABLE_VALUE').tolist() == [b'ab', b'', b'xyz']
    assert reader.get_variable_to_dtype_map()['net/f16/.ATTRIBUTES/VARIABLE_VALUE'] == tf.float16
    net = TFNet()
    status = train.Checkpoint(net=net).restore(path)
    with pytest.raises(AssertionError, match='net/words'):     # no string variable here to take it
        status.assert_consumed()
    status.assert_existing_objects_matched()
    np.testing.assert_array_equal(net.w.numpy(), [1.5, -2.0, 3.25])
    np.testing.assert_array_equal(net.b.numpy(), [[0.0, 1.0], [2.0, 3.0]])
    assert net.n.numpy() == 7 and net.h.numpy().tolist() == [1, 2] and net.f16.numpy()[0] == 0.5
    assert net.flag.numpy()


def test_damaged_tensorflow_checkpoint_is_named(tmp_path):
    import shutil
    for name in os.listdir(TF_CHECKPOINT):
        shutil.copy(os.path.join(TF_CHECKPOINT, name), tmp_path / name)
    data = tmp_path / 'ckpt-1.data-00000-of-00001'
    data.write_bytes(data.read_bytes()[:20])                     # truncated data shard
    with pytest.raises(ValueError, match='runs past the end of its data shard'):
        train.load_checkpoint(str(tmp_path / 'ckpt-1'))
    data.unlink()
    with pytest.raises(ValueError, match='data shard .* is missing'):
        train.load_checkpoint(str(tmp_path / 'ckpt-1'))


def test_reads_many_prefix_compressed_keys_from_tensorflow():
    reader = train.load_checkpoint(os.path.join(os.path.dirname(__file__), 'data', 'tf_checkpoint_many'))
    keys = [k for k in reader.get_variable_to_shape_map() if k.startswith('many/')]
    assert len(keys) == 120
    # make_tf_checkpoint.py: many.values[i] holds float(i)
    for i in range(120):
        assert reader.get_tensor('many/values/%d/.ATTRIBUTES/VARIABLE_VALUE' % i) == float(i)
