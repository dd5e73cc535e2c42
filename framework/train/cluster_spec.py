"""``tf.train.ClusterSpec``: a cluster as job names mapped to task addresses (TensorFlow 2.21's
server_lib, without its ClusterDef protocol buffer). Hands-On ML ch. 19 prints the one a
TF_CONFIG describes (``TFConfigClusterResolver().cluster_spec()``)."""


class ClusterSpec:
    """Jobs ('worker', 'ps', ...) and their tasks' addresses, by task index.

    Args:
        cluster: a dict mapping each job name to a list of addresses or to a dict from task index
            to address, or another ClusterSpec.
    Raises:
        TypeError: tasks that are neither a list nor a dict, or another kind of ``cluster`` (TF's texts).
    """

    def __init__(self, cluster):
        if isinstance(cluster, ClusterSpec):
            cluster = cluster.as_dict()
        if not isinstance(cluster, dict):
            raise TypeError('`cluster` must be a dictionary mapping one or more job names to lists of network '
                            'addresses, or a `ClusterDef` protocol buffer')
        self._cluster_spec = {}
        for job_name, tasks in cluster.items():
            if isinstance(tasks, (list, tuple)):
                self._cluster_spec[job_name] = dict(enumerate(tasks))
            elif isinstance(tasks, dict):
                self._cluster_spec[job_name] = {int(i): task for i, task in tasks.items()}
            else:
                raise TypeError('The tasks for job %r must be a list or a dictionary from integers to strings.'
                                % job_name)

    def __bool__(self):
        return bool(self._cluster_spec)

    def __eq__(self, other):
        return self._cluster_spec == other      # as TensorFlow: compared with the other's mapping

    def __ne__(self, other):
        return self._cluster_spec != other

    __hash__ = None

    def __repr__(self):
        spec = self.as_dict()
        return 'ClusterSpec({' + ', '.join('%r: %r' % (job, spec[job]) for job in sorted(spec)) + '})'

    def as_dict(self):
        """Each job's addresses: a list where the task indices run 0..n-1, else a dict by index."""
        out = {}
        for job in self.jobs:
            indices = self.task_indices(job)
            if not indices:
                out[job] = {}
            elif max(indices) + 1 == len(indices):
                out[job] = self.job_tasks(job)
            else:
                out[job] = {i: self.task_address(job, i) for i in indices}
        return out

    @property
    def jobs(self):
        return list(self._cluster_spec)

    def _job(self, job_name):
        try:
            return self._cluster_spec[job_name]
        except KeyError:
            raise ValueError('No such job in cluster: %r' % job_name) from None

    def num_tasks(self, job_name):
        return len(self._job(job_name))

    def task_indices(self, job_name):
        return sorted(self._job(job_name))

    def task_address(self, job_name, task_index):
        job = self._job(job_name)
        try:
            return job[task_index]
        except KeyError:
            raise ValueError('No task with index %r in job %r' % (task_index, job_name)) from None

    def job_tasks(self, job_name):
        """The job's addresses by task index, None where an index has no task."""
        job = self._job(job_name)
        tasks = [None] * (max(job) + 1 if job else 0)
        for i, task in job.items():
            tasks[i] = task
        return tasks
