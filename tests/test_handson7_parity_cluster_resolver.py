"""tf.distribute.cluster_resolver and tf.train.ClusterSpec as TF 2.21 (progs/handson7/x18.py under
/opt/tfref): Hands-On ML ch. 19 writes a TF_CONFIG and prints what TFConfigClusterResolver reads."""
import json

import pytest

import framework as tf

CLUSTER = {'worker': ['my-worker0.example.com:9876', 'my-worker1.example.com:9876'],
           'ps': ['my-ps0.example.com:9876']}


def test_resolver_without_tf_config(monkeypatch):
    monkeypatch.delenv('TF_CONFIG', raising=False)
    resolver = tf.distribute.cluster_resolver.TFConfigClusterResolver()
    assert repr(resolver.cluster_spec()) == 'ClusterSpec({})' and not resolver.cluster_spec()
    assert (resolver.task_type, resolver.task_id, resolver.master(), resolver.rpc_layer) == (None, None, '', None)
    assert dict(resolver.num_accelerators()) == {}


def test_resolver_reads_tf_config(monkeypatch):
    monkeypatch.setenv('TF_CONFIG', json.dumps({'cluster': CLUSTER, 'task': {'type': 'worker', 'index': 1}}))
    resolver = tf.distribute.cluster_resolver.TFConfigClusterResolver()
    spec = resolver.cluster_spec()
    # TF's repr sorts the jobs; as_dict and jobs keep TF_CONFIG's order
    assert repr(spec) == ("ClusterSpec({'ps': ['my-ps0.example.com:9876'], 'worker': ['my-worker0.example.com:9876', "
                          "'my-worker1.example.com:9876']})")
    assert spec.as_dict() == CLUSTER and spec.jobs == ['worker', 'ps']
    assert spec.num_tasks('worker') == 2 and spec.task_indices('ps') == [0]
    assert spec.task_address('worker', 1) == 'my-worker1.example.com:9876'
    assert (resolver.task_type, resolver.task_id) == ('worker', 1)
    assert resolver.master() == 'my-worker1.example.com:9876'
    assert resolver.master('ps', 0, rpc_layer='grpc') == 'grpc://my-ps0.example.com:9876'
    assert spec == tf.train.ClusterSpec(CLUSTER)


def test_cluster_spec_sparse_jobs_and_errors():
    spec = tf.train.ClusterSpec({'worker': {1: 'b:1', 3: 'd:3'}})
    assert spec.job_tasks('worker') == [None, 'b:1', None, 'd:3'] and spec.as_dict() == {'worker': {1: 'b:1', 3: 'd:3'}}
    with pytest.raises(TypeError, match=r"^The tasks for job 'w' must be a list or a dictionary from integers to "
                                        r"strings\.$"):
        tf.train.ClusterSpec({'w': 'x'})
    with pytest.raises(ValueError, match=r"^No such job in cluster: 'ps'$"):
        spec.num_tasks('ps')
    with pytest.raises(ValueError, match=r"^No task with index 0 in job 'worker'$"):
        spec.task_address('worker', 0)


def test_simple_and_tpu_resolvers():
    simple = tf.distribute.cluster_resolver.SimpleClusterResolver(tf.train.ClusterSpec(CLUSTER), task_type='ps',
                                                                  task_id=0)
    assert simple.task_type == 'ps' and simple.master('ps', 0) == 'my-ps0.example.com:9876'
    with pytest.raises(ValueError, match='^Please provide a TPU Name to connect to.$'):
        tf.distribute.cluster_resolver.TPUClusterResolver()


def test_the_base_cluster_resolver_is_abstract():
    # TF 2.21: TypeError "Can't instantiate abstract class ClusterResolver with abstract methods cluster_spec, master"
    with pytest.raises(TypeError, match='abstract methods cluster_spec, master'):
        tf.distribute.cluster_resolver.ClusterResolver()
