"""What the tests of cmake/'s Python scripts (stack-bound.py, profile-firmware.py) share: the
script loaded as a module, and checks that print what they got beside what they expected and
fail the test at the end if any differed."""
import importlib.util
import os


def load(path):
    spec = importlib.util.spec_from_file_location(os.path.splitext(os.path.basename(path))[0].replace("-", "_"), path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Checks:
    def __init__(self, test):
        self.test = test
        self.failures = []

    def expect(self, what, got, want):
        print(f"{what}: {got} (expected {want})")
        if got != want:
            self.failures.append(what)

    def status(self):
        """0 when every check held, 1 otherwise, with the test's verdict line."""
        if self.failures:
            print(f"{self.test}: FAIL: " + ", ".join(self.failures))
            return 1
        print(f"{self.test}: PASS")
        return 0
