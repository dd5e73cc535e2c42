"""tf.distribute.experimental.CommunicationOptions / CommunicationImplementation and
MultiWorkerMirroredStrategy.cluster_resolver, as the distributed-training guide
(tensorflow/docs guide/distributed_training) uses them. tapeflow lacked all three (AttributeError).
Goldens printed by /opt/tfref/bin/python (TF 2.21): /work/notes/progs/tutorials15/probe_comm.py.
"""
import logging

import pytest

import framework as tf

E = tf.distribute.experimental


def test_implementation_members_and_old_name():
    CI = E.CommunicationImplementation
    assert [m.value for m in CI] == ['AUTO', 'RING', 'NCCL']
    assert str(CI.NCCL) == 'CommunicationImplementation.NCCL'
    assert repr(CI.RING) == "<CommunicationImplementation.RING: 'RING'>"
    assert E.CollectiveCommunication is CI


def test_options_defaults_values_and_checks():
    CI = E.CommunicationImplementation
    o = E.CommunicationOptions()
    assert (type(o).__name__, o.bytes_per_pack, o.timeout_seconds, o.implementation) == (
        'Options', 0, None, CI.AUTO)
    o = E.CommunicationOptions(bytes_per_pack=50 * 1024 * 1024, timeout_seconds=120.0, implementation=CI.RING)
    assert (o.bytes_per_pack, o.timeout_seconds, o.implementation) == (52428800, 120.0, CI.RING)
    assert E.CommunicationOptions(implementation='nccl').implementation is CI.NCCL     # a name, any case
    assert E.CommunicationOptions(timeout_seconds=-3).timeout_seconds == -3         # TF does not check it
    with pytest.raises(ValueError, match=r'^Argument `bytes_per_pack` must be >=0, Received -1\.$'):
        E.CommunicationOptions(bytes_per_pack=-1)
    with pytest.raises(ValueError, match=r'^Argument `implementation` must be instance of '
                                         r'`tf\.distribute\.experimental\.CommunicationImplementation`\.$'):
        E.CommunicationOptions(implementation=None)
    with pytest.raises(ValueError, match='is not a valid CommunicationImplementation'):
        E.CommunicationOptions(implementation='mpi')


def test_merge_takes_the_non_default_values():
    CI = E.CommunicationImplementation
    base = E.CommunicationOptions(bytes_per_pack=8, timeout_seconds=1.0)
    merged = base.merge(E.CommunicationOptions(implementation=CI.RING))
    assert (merged.bytes_per_pack, merged.timeout_seconds, merged.implementation) == (8, 1.0, CI.RING)
    assert base.implementation is CI.AUTO


def test_strategy_takes_options_and_has_a_cluster_resolver(caplog):
    CI = E.CommunicationImplementation
    s = tf.distribute.MultiWorkerMirroredStrategy(
        communication_options=E.CommunicationOptions(implementation=CI.RING))
    r = s.cluster_resolver
    # TF 2.21: TFConfigClusterResolver None None None None ClusterSpec({}) ''
    assert (type(r).__name__, r.task_type, r.task_id, r.rpc_layer, r.environment, repr(r.cluster_spec()),
            r.master()) == ('TFConfigClusterResolver', None, None, None, None, 'ClusterSpec({})', '')
    assert tf.distribute.MirroredStrategy().cluster_resolver is None
    assert tf.distribute.get_strategy().cluster_resolver is None
    with pytest.raises(ValueError, match=r'^communication_options must be an instance of '
                                         r'tf\.distribute\.experimental\.CommunicationOptions$'):
        tf.distribute.MultiWorkerMirroredStrategy(communication_options=CI.NCCL)


def test_nccl_without_gpus_logs_tensorflows_warning(caplog):
    if tf.config.list_physical_devices('GPU'):
        pytest.skip('a GPU is visible: TF logs nothing')
    CI = E.CommunicationImplementation
    with caplog.at_level(logging.WARNING):
        tf.distribute.MultiWorkerMirroredStrategy(
            communication_options=E.CommunicationOptions(implementation=CI.NCCL))
    assert 'Enabled NCCL communication but no GPUs detected/specified.' in caplog.text
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        tf.distribute.MultiWorkerMirroredStrategy(
            communication_options=E.CommunicationOptions(implementation=CI.RING))
    assert 'NCCL' not in caplog.text
