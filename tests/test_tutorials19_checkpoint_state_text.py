"""tf.train.get_checkpoint_state returns TensorFlow's CheckpointState message: printing it (str or
repr) shows its text format, and an unset last_preserved_timestamp reads 0.0. guide/checkpoint
prints one; the texts were printed by TF 2.21 running the same code
(/work/notes/progs/tutorials19/ckpt_state.py).
"""
import framework as tf


def test_saved_state_prints_its_text_format(tmp_path):
    checkpoint = tf.train.Checkpoint(v=tf.Variable(1.))
    checkpoint.save(str(tmp_path / 'a' / 'c'))
    checkpoint.save(str(tmp_path / 'a' / 'c'))
    state = tf.train.get_checkpoint_state(str(tmp_path / 'a'))
    path = str(tmp_path / 'a' / 'c-2')
    assert str(state) == 'model_checkpoint_path: "%s"\nall_model_checkpoint_paths: "%s"\n' % (path, path)
    assert repr(state) == str(state)
    assert state.last_preserved_timestamp == 0.0
    assert list(state.all_model_checkpoint_timestamps) == []


def test_manager_state_lists_fields_in_message_order(tmp_path):
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(v=tf.Variable(1.)), str(tmp_path / 'm'), max_to_keep=2)
    for _ in range(3):
        manager.save()
    lines = str(tf.train.get_checkpoint_state(str(tmp_path / 'm'))).splitlines()
    assert [line.split(':')[0] for line in lines] == [
        'model_checkpoint_path', 'all_model_checkpoint_paths', 'all_model_checkpoint_paths',
        'all_model_checkpoint_timestamps', 'all_model_checkpoint_timestamps', 'last_preserved_timestamp']
    assert lines[:3] == ['model_checkpoint_path: "%s"' % (tmp_path / 'm' / 'ckpt-3'),
                         'all_model_checkpoint_paths: "%s"' % (tmp_path / 'm' / 'ckpt-2'),
                         'all_model_checkpoint_paths: "%s"' % (tmp_path / 'm' / 'ckpt-3')]
