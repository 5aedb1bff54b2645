fn main() {
    hoplab::start();
}
